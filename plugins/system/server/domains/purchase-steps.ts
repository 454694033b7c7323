import { PermanentJobError, type JobContext, type Queryable } from '@core/sdk/server';
import { formatMessage, type FieldValue } from '@core/sdk/shared';
import { DOMAIN_PURCHASE_STEPS, type DomainPurchaseStep } from '../../shared/domain-purchase';
import { addressRecords, type Cdn } from '../cdn/cdn';
import type { PremiumCharge, Registrar } from '../registrar/registrar';
import * as LOG from './job-log';
import {
  confirmedPremiumPrice,
  joinNameservers,
  purchaseTerm,
  readDomain,
  readRegistrant,
  readServerAddresses,
  type DomainState,
} from './domain-state';

/**
 * The purchase's five steps (DOMAIN_PURCHASE_STEPS), each safe to run again. What is done is read
 * from the domain record first: a registrar order means the name is ours (never registered twice,
 * even by a retry that is a new job), a zone means the CDN has it. Setting nameservers and
 * creating records leave nothing on the record, so the job's checkpoint notes them; both are
 * harmless to repeat anyway (the same nameservers again, records that exist already are kept).
 */

const PERCENT: Readonly<Record<DomainPurchaseStep, number>> = {
  check: 5,
  register: 20,
  zone: 45,
  nameservers: 65,
  records: 85,
};

export interface PurchaseParts {
  readonly db: Queryable;
  readonly registrar: Registrar;
  readonly registrarName: string;
  readonly cdn: Cdn;
  readonly cdnName: string;
  /** Writes the domain's fields through the engine (versioned, audited). */
  readonly write: (values: Readonly<Record<string, FieldValue>>) => Promise<void>;
}

export interface PurchaseResult {
  readonly zone: string;
  readonly nameservers: readonly string[];
  readonly local: boolean;
}

type Checkpoint = readonly DomainPurchaseStep[];

function checkpointOf(value: unknown): Checkpoint {
  return Array.isArray(value)
    ? value.filter((step): step is DomainPurchaseStep => (DOMAIN_PURCHASE_STEPS as readonly unknown[]).includes(step))
    : [];
}

export class DomainPurchase {
  private done: Checkpoint;
  /** The premium price the check found and the buyer confirmed; undefined for a name at its TLD's price. */
  private premium: PremiumCharge | undefined;

  constructor(
    private readonly parts: PurchaseParts,
    private readonly ctx: JobContext<unknown>,
  ) {
    this.done = checkpointOf(ctx.checkpoint);
  }

  /**
   * `queuedPremium`: the confirmed premium price a job queued before the purchase's term kept it
   * carries in its payload, null otherwise; the term's own price wins.
   */
  async run(domainId: number, queuedPremium: string | null): Promise<PurchaseResult> {
    let domain = await this.domain(domainId);
    await this.check(domain, queuedPremium);
    domain = await this.register(domain);
    domain = await this.zone(domain);
    await this.nameservers(domain);
    await this.records(domain);
    await this.ctx.step('records', 100);
    await this.ctx.log({ key: LOG.BOUGHT, params: { domain: domain.name, cdn: this.parts.cdnName } });
    return { zone: domain.zone ?? '', nameservers: domain.nameservers, local: this.parts.registrar.local };
  }

  private async domain(id: number): Promise<DomainState> {
    const domain = await readDomain(this.parts.db, id);
    if (!domain) throw new PermanentJobError(LOG.DOMAIN_DELETED);
    return domain;
  }

  private async check(domain: DomainState, queuedPremium: string | null): Promise<void> {
    await this.ctx.step('check', PERCENT.check);
    if (domain.registrarOrder) {
      await this.ctx.log({
        key: LOG.ALREADY_REGISTERED,
        params: { domain: domain.name, order: domain.registrarOrder },
      });
      return;
    }
    await this.ctx.log({ key: LOG.CHECKING, params: { domain: domain.name, registrar: this.parts.registrarName } });
    const { available, premium } = await this.parts.registrar.check(domain.name, this.ctx.signal);
    if (!available)
      throw new PermanentJobError(
        formatMessage(LOG.NOT_AVAILABLE, { domain: domain.name, registrar: this.parts.registrarName }),
      );
    await this.ctx.log({ key: LOG.AVAILABLE, params: { domain: domain.name } });
    // Read from the purchase's term, so a retry (a new job) re-checks the registrar's price against it.
    const confirmedPremium = premium
      ? ((await confirmedPremiumPrice(this.parts.db, domain.id)) ?? queuedPremium)
      : null;
    this.premium = premium ? this.confirmed(domain.name, premium, confirmedPremium) : undefined;
    if (this.premium)
      await this.ctx.log({
        key: LOG.PREMIUM,
        params: { domain: domain.name, price: `${this.premium.price.amount} ${this.premium.price.currency}` },
      });
  }

  /** The premium charge to register at: the registrar's current price, only when it is the one the buyer saw. */
  private confirmed(name: string, premium: PremiumCharge, confirmedPremium: string | null): PremiumCharge {
    const price = `${premium.price.amount} ${premium.price.currency}`;
    if (confirmedPremium === null)
      throw new PermanentJobError(formatMessage(LOG.PREMIUM_UNCONFIRMED, { domain: name, price }));
    if (Number(confirmedPremium) !== Number(premium.price.amount))
      throw new PermanentJobError(
        formatMessage(LOG.PREMIUM_CHANGED, {
          domain: name,
          confirmed: `${confirmedPremium} ${premium.price.currency}`,
          price,
        }),
      );
    return { price: { amount: confirmedPremium, currency: premium.price.currency }, eapFee: premium.eapFee };
  }

  private async register(domain: DomainState): Promise<DomainState> {
    await this.ctx.step('register', PERCENT.register);
    if (domain.registrarOrder) {
      await this.ctx.log({ key: LOG.REGISTRATION_DONE, params: { order: domain.registrarOrder } });
      return domain;
    }
    const [registrant, years] = await Promise.all([
      readRegistrant(this.parts.db, domain.domainUser),
      purchaseTerm(this.parts.db, domain.id),
    ]);
    if (!registrant) throw new PermanentJobError(LOG.REGISTRANT_DELETED);
    if (years === null) throw new PermanentJobError(LOG.TERM_MISSING);
    await this.ctx.log({
      key: LOG.REGISTERING,
      params: {
        domain: domain.name,
        registrar: this.parts.registrarName,
        years,
        registrant: `${registrant.firstName} ${registrant.lastName}`,
      },
    });
    const registration = await this.parts.registrar.register(
      { domainId: domain.id, name: domain.name, years, registrant, ...(this.premium ? { premium: this.premium } : {}) },
      this.ctx.signal,
    );
    // Recorded before anything else can fail: with the order on the record no retry registers again.
    await this.parts.write({
      registrar_order: registration.order,
      expiry_date: registration.expiryDate,
      local: registration.local,
    });
    await this.ctx.log({ key: LOG.REGISTERED, params: { order: registration.order, until: registration.expiryDate } });
    if (registration.local) await this.ctx.log({ key: LOG.LOCAL_REGISTRAR }, 'warn');
    return { ...domain, registrarOrder: registration.order };
  }

  private async zone(domain: DomainState): Promise<DomainState> {
    await this.ctx.step('zone', PERCENT.zone);
    if (domain.zone && domain.nameservers.length > 0) {
      await this.ctx.log({ key: LOG.ZONE_EXISTS, params: { zone: domain.zone } });
      return domain;
    }
    await this.ctx.log({ key: LOG.CREATING_ZONE, params: { domain: domain.name, cdn: this.parts.cdnName } });
    const zone = await this.parts.cdn.createZone(domain.name, this.ctx.signal);
    await this.parts.write({ zone: zone.id, nameservers: joinNameservers(zone.nameservers) });
    await this.ctx.log({
      key: LOG.ZONE_CREATED,
      params: { zone: zone.id, nameservers: joinNameservers(zone.nameservers) },
    });
    return { ...domain, zone: zone.id, nameservers: zone.nameservers };
  }

  private async nameservers(domain: DomainState): Promise<void> {
    await this.ctx.step('nameservers', PERCENT.nameservers);
    if (this.done.includes('nameservers')) return;
    await this.ctx.log({
      key: LOG.POINTING,
      params: {
        domain: domain.name,
        nameservers: joinNameservers(domain.nameservers),
        registrar: this.parts.registrarName,
      },
    });
    await this.parts.registrar.setNameservers(domain.name, domain.nameservers, this.ctx.signal);
    await this.mark('nameservers');
  }

  private async records(domain: DomainState): Promise<void> {
    await this.ctx.step('records', PERCENT.records);
    if (this.done.includes('records')) return;
    const addresses = domain.server === null ? null : await readServerAddresses(this.parts.db, domain.server);
    const records = addresses ? addressRecords(domain.name, addresses.ip, addresses.ipv6) : [];
    if (records.length === 0) {
      await this.ctx.log({ key: domain.server === null ? LOG.NO_SERVER : LOG.NO_SERVER_ADDRESS }, 'warn');
    } else {
      await this.ctx.log({
        key: LOG.CREATING_RECORDS,
        params: { records: records.map((record) => `${record.type} ${record.name} → ${record.content}`).join(', ') },
      });
      await this.parts.cdn.createRecords(domain.zone ?? '', records, this.ctx.signal);
    }
    await this.mark('records');
  }

  private async mark(step: DomainPurchaseStep): Promise<void> {
    this.done = [...this.done, step];
    await this.ctx.saveCheckpoint(this.done);
  }
}
