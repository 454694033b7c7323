import { validationError, type ResourceHooks, type WriteContext } from '@core/sdk/server';
import { parseHostPort } from '../../shared/network';
import { proxiesResource } from '../../shared/resources';
import { ADDRESS_INVALID } from './messages';

/*
 * A proxy's address, checked exactly: the field's pattern lets through what only parsing can
 * refuse (a port above 65535 or 0, an IPv6 address with too many groups), so every write that
 * sends an address is parsed as network.ts parses it.
 */

async function beforeWrite({ values }: WriteContext): Promise<undefined> {
  const address = values.address;
  if (typeof address === 'string' && parseHostPort(address) === null)
    throw validationError({ address: [ADDRESS_INVALID] });
  return undefined;
}

/** The engine hooks of proxies, by resource id. */
export const proxyResourceHooks: Readonly<Record<string, ResourceHooks>> = { [proxiesResource.id]: { beforeWrite } };
