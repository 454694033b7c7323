import type { DeliveryStatus } from '../../shared/resources';
import { adDay, type AdProfile, type DayFigures } from './demo-figures';

/** The demo's ad accounts and their campaign trees; amounts in the currency's minor unit. */

export interface DemoAd {
  readonly name: string;
  readonly creativeId: string;
  readonly status: DeliveryStatus;
  day(index: number): DayFigures;
}

interface DemoAdset {
  readonly name: string;
  readonly billingEvent: string;
  readonly optimizationGoal: string;
  readonly bidMinor: number | null;
  readonly dailyBudgetMinor: number;
  readonly status: DeliveryStatus;
  readonly ads: readonly DemoAd[];
}

interface DemoCampaign {
  readonly name: string;
  readonly objective: string;
  readonly budget:
    | { readonly kind: 'daily'; readonly minor: number }
    | { readonly kind: 'lifetime'; readonly minor: number; readonly stopInDays: number };
  readonly status: DeliveryStatus;
  readonly adsets: readonly DemoAdset[];
}

interface DemoAdAccount {
  readonly name: string;
  readonly currency: string;
  readonly timezone: string;
  readonly spendCapMinor: number;
  readonly owner: 'business' | 'system';
  readonly campaigns: readonly DemoCampaign[];
}

const ad = (name: string, creativeId: string, profile: AdProfile, status: DeliveryStatus = 'ACTIVE'): DemoAd => ({
  name,
  creativeId,
  status,
  day: (index) => adDay(profile, index),
});

export const DEMO_TREE: readonly DemoAdAccount[] = [
  {
    name: 'Northwind US',
    currency: 'USD',
    timezone: 'America/New_York',
    spendCapMinor: 5_000_000,
    owner: 'business',
    campaigns: [
      {
        name: 'US Dating — Leads',
        objective: 'OUTCOME_LEADS',
        budget: { kind: 'daily', minor: 15_000 },
        status: 'ACTIVE',
        adsets: [
          {
            name: 'US 25–44 broad',
            billingEvent: 'IMPRESSIONS',
            optimizationGoal: 'LEAD_GENERATION',
            bidMinor: null,
            dailyBudgetMinor: 8_000,
            status: 'ACTIVE',
            ads: [
              ad('Video — Meet nearby', '120200000000001', {
                number: 1,
                views: 5200,
                clicksPerMille: 14,
                clicksPerLead: 9,
                cpmMinor: 910,
              }),
              ad('Carousel — Success stories', '120200000000002', {
                number: 2,
                views: 3100,
                clicksPerMille: 11,
                clicksPerLead: 12,
                cpmMinor: 870,
              }),
            ],
          },
          {
            name: 'US lookalike 1%',
            billingEvent: 'LINK_CLICKS',
            optimizationGoal: 'LINK_CLICKS',
            bidMinor: 250,
            dailyBudgetMinor: 7_000,
            status: 'ACTIVE',
            ads: [
              ad('Image — Free sign-up', '120200000000003', {
                number: 3,
                views: 2600,
                clicksPerMille: 19,
                clicksPerLead: 15,
                cpmMinor: 1_040,
              }),
            ],
          },
        ],
      },
      {
        name: 'US Black Friday — Sales',
        objective: 'OUTCOME_SALES',
        budget: { kind: 'lifetime', minor: 300_000, stopInDays: 10 },
        status: 'ACTIVE',
        adsets: [
          {
            name: 'US retargeting 30 days',
            billingEvent: 'IMPRESSIONS',
            optimizationGoal: 'OFFSITE_CONVERSIONS',
            bidMinor: null,
            dailyBudgetMinor: 9_000,
            status: 'ACTIVE',
            ads: [
              ad('Collection — Deals of the week', '120200000000004', {
                number: 4,
                views: 4100,
                clicksPerMille: 22,
                clicksPerLead: 0,
                cpmMinor: 1_280,
              }),
              ad(
                'Image — Last chance',
                '120200000000005',
                { number: 5, views: 1800, clicksPerMille: 17, clicksPerLead: 0, cpmMinor: 1_150, pausedDays: 8 },
                'PAUSED',
              ),
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Northwind EU',
    currency: 'EUR',
    timezone: 'Europe/Berlin',
    spendCapMinor: 2_000_000,
    owner: 'business',
    campaigns: [
      {
        name: 'EU Deals — Traffic',
        objective: 'OUTCOME_TRAFFIC',
        budget: { kind: 'daily', minor: 9_000 },
        status: 'ACTIVE',
        adsets: [
          {
            name: 'DE FR ES 18–54',
            billingEvent: 'IMPRESSIONS',
            optimizationGoal: 'LANDING_PAGE_VIEWS',
            bidMinor: null,
            dailyBudgetMinor: 5_000,
            status: 'ACTIVE',
            ads: [
              ad('Video — Summer sale', '120200000000006', {
                number: 6,
                views: 4700,
                clicksPerMille: 16,
                clicksPerLead: 20,
                cpmMinor: 640,
              }),
            ],
          },
          {
            name: 'EU interests: shopping',
            billingEvent: 'LINK_CLICKS',
            optimizationGoal: 'LINK_CLICKS',
            bidMinor: 35,
            dailyBudgetMinor: 4_000,
            status: 'PAUSED',
            ads: [
              ad(
                'Image — Free delivery',
                '120200000000007',
                { number: 7, views: 2200, clicksPerMille: 12, clicksPerLead: 0, cpmMinor: 580 },
                'PAUSED',
              ),
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Northwind Japan',
    currency: 'JPY',
    timezone: 'Asia/Tokyo',
    spendCapMinor: 3_000_000,
    owner: 'system',
    campaigns: [
      {
        name: 'JP Awareness',
        objective: 'OUTCOME_AWARENESS',
        budget: { kind: 'daily', minor: 12_000 },
        status: 'PAUSED',
        adsets: [
          {
            name: 'JP 18–34 reach',
            billingEvent: 'IMPRESSIONS',
            optimizationGoal: 'REACH',
            bidMinor: 300,
            dailyBudgetMinor: 12_000,
            status: 'PAUSED',
            ads: [
              ad(
                'Video — Brand story',
                '120200000000008',
                { number: 8, views: 9800, clicksPerMille: 6, clicksPerLead: 0, cpmMinor: 820 },
                'PAUSED',
              ),
            ],
          },
        ],
      },
    ],
  },
];
