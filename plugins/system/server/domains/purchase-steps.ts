import { PermanentJobError, type JobContext, type Queryable } from '@core/sdk/server';
import type { FieldValue } from '@core/sdk/shared';
import { DOMAIN_PURCHASE_STEPS, type DomainPurchaseStep } from '../../shared/domain-purchase';
import { addressRecords, type Cdn } from '../cdn/cdn';
import type { Registrar } from '../registrar/registrar';
import { joinNameservers, purchaseTerm, readDomain, readRegistrant, readServerAddresses, type DomainState } from './domain-state';

/**
 * The purchase's five steps (DOMAIN_PURCHASE_STEPS), each safe to run again. What is done is read
 * from the domain record first: a registrar order means the name is ours (never registered twice,
 * even by a retry that is a new job), a zone means the CDN has it. Setting nameservers and
 * creating records leave nothing on the record, so the job's checkpoint notes them; both are
 * harmless to repeat anyway (the same nameservers again, records that exist already are kept).
 */

const PERCENT: Readonly<Record<DomainPurchaseStep, number>> = { check: 5, register: 20, zone: 45, nameservers: 65, records: 85 };

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
  return Array.isArray(value) ? value.filter((step): step is DomainPurchaseStep => (DOMAIN_PURCHASE_STEPS as readonly unknown[]).includes(step)) : [];
}

export class DomainPurchase {
  private done: Checkpoint;

  constructor(
    private readonly parts: PurchaseParts,
    private readonly ctx: JobContext<unknown>,
  ) {
    this.done = checkpointOf(ctx.checkpoint);
  }

  async run(domainId: number): Promise<PurchaseResult> {
    let domain = await this.domain(domainId);
    await this.check(domain);
    domain = await this.register(domain);
    domain = await this.zone(domain);
    await this.nameservers(domain);
    await this.records(domain);
    await this.ctx.step('records', 100);
    await this.ctx.log(`${domain.name} is bought and pointed at ${this.parts.cdnName}.`);
    return { zone: domain.zone ?? '', nameservers: domain.nameservers, local: this.parts.registrar.local };
  }

  private async domain(id: number): Promise<DomainState> {
    const domain = await readDomain(this.parts.db, id);
    if (!domain) throw new PermanentJobError('The domain record was deleted; nothing more is bought for it.');
    return domain;
  }

  private async check(domain: DomainState): Promise<void> {
    await this.ctx.step('check', PERCENT.check);
    if (domain.registrarOrder) {
      await this.ctx.log(`${domain.name} is already registered (order ${domain.registrarOrder}): no check needed.`);
      return;
    }
    await this.ctx.log(`Checking that ${domain.name} is available at ${this.parts.registrarName}.`);
    const { available } = await this.parts.registrar.check(domain.name, this.ctx.signal);
    if (!available) throw new PermanentJobError(`${domain.name} is not available at ${this.parts.registrarName}.`);
    await this.ctx.log(`${domain.name} is available.`);
  }

  private async register(domain: DomainState): Promise<DomainState> {
    await this.ctx.step('register', PERCENT.register);
    if (domain.registrarOrder) {
      await this.ctx.log(`Registration already done (order ${domain.registrarOrder}).`);
      return domain;
    }
    const [registrant, years] = await Promise.all([readRegistrant(this.parts.db, domain.domainUser), purchaseTerm(this.parts.db, domain.id)]);
    if (!registrant) throw new PermanentJobError('The domain user was deleted; choose another one and buy again.');
    if (years === null) throw new PermanentJobError('The purchase’s term is not recorded; buy the domain again.');
    await this.ctx.log(`Registering ${domain.name} at ${this.parts.registrarName} for ${years} year(s), ${registrant.firstName} ${registrant.lastName} as the registrant.`);
    const registration = await this.parts.registrar.register({ domainId: domain.id, name: domain.name, years, registrant }, this.ctx.signal);
    // Recorded before anything else can fail: with the order on the record no retry registers again.
    await this.parts.write({ registrar_order: registration.order, expiry_date: registration.expiryDate, local: registration.local });
    await this.ctx.log(`Registered: order ${registration.order}, until ${registration.expiryDate}.`);
    if (registration.local) await this.ctx.log('The local registrar bought nothing: the domain is marked local.', 'warn');
    return { ...domain, registrarOrder: registration.order };
  }

  private async zone(domain: DomainState): Promise<DomainState> {
    await this.ctx.step('zone', PERCENT.zone);
    if (domain.zone && domain.nameservers.length > 0) {
      await this.ctx.log(`Zone already created (${domain.zone}).`);
      return domain;
    }
    await this.ctx.log(`Creating the zone of ${domain.name} at ${this.parts.cdnName}.`);
    const zone = await this.parts.cdn.createZone(domain.name, this.ctx.signal);
    await this.parts.write({ zone: zone.id, nameservers: joinNameservers(zone.nameservers) });
    await this.ctx.log(`Zone ${zone.id}, nameservers ${joinNameservers(zone.nameservers)}.`);
    return { ...domain, zone: zone.id, nameservers: zone.nameservers };
  }

  private async nameservers(domain: DomainState): Promise<void> {
    await this.ctx.step('nameservers', PERCENT.nameservers);
    if (this.done.includes('nameservers')) return;
    await this.ctx.log(`Pointing ${domain.name} at ${joinNameservers(domain.nameservers)} at ${this.parts.registrarName}.`);
    await this.parts.registrar.setNameservers(domain.name, domain.nameservers, this.ctx.signal);
    await this.mark('nameservers');
  }

  private async records(domain: DomainState): Promise<void> {
    await this.ctx.step('records', PERCENT.records);
    if (this.done.includes('records')) return;
    const addresses = domain.server === null ? null : await readServerAddresses(this.parts.db, domain.server);
    const records = addresses ? addressRecords(domain.name, addresses.ip, addresses.ipv6) : [];
    if (records.length === 0) {
      await this.ctx.log(domain.server === null ? 'No server chosen: the zone has no address records.' : 'The server has no IP address: the zone has no address records.', 'warn');
    } else {
      await this.ctx.log(`Creating ${records.map((record) => `${record.type} ${record.name} → ${record.content}`).join(', ')}.`);
      await this.parts.cdn.createRecords(domain.zone ?? '', records, this.ctx.signal);
    }
    await this.mark('records');
  }

  private async mark(step: DomainPurchaseStep): Promise<void> {
    this.done = [...this.done, step];
    await this.ctx.saveCheckpoint(this.done);
  }
}
