import type { Container, MetadataName, ServiceIdentifier } from 'inversify';

/**
 * Every contribution bound to one point, read when asked. A service that consumes a point takes
 * its provider (`@inject(ContributionProvider) @named(contributionPoint(Token))`) instead of the
 * whole container, so its constructor says what it reads and it can reach nothing else. Read
 * afresh on each call: a plugin loaded later binds more.
 */
export interface ContributionProvider<T> {
  getContributions(): T[];
}

export const ContributionProvider: ServiceIdentifier<ContributionProvider<unknown>> =
  Symbol.for('erp.ContributionProvider');

/** The name a point's provider is bound and injected under: the point's own token. */
export function contributionPoint(token: ServiceIdentifier): MetadataName {
  return typeof token === 'function' ? token.name : token;
}

/** Binds the provider of `token`'s contributions, named after the point. */
export function bindContributionProvider<T>(container: Container, token: ServiceIdentifier<T>): void {
  const provider: ContributionProvider<T> = { getContributions: () => container.getAll(token, { optional: true }) };
  container.bind(ContributionProvider).toConstantValue(provider).whenNamed(contributionPoint(token));
}
