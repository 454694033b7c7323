/**
 * Input shapes both sides check (the form before sending, the engine on the server). Patterns are
 * JavaScript regular expression sources; what a pattern cannot say well (an IPv6 address, whether
 * an ISO code is assigned) is `network.ts` and `iso-languages.ts`, which the server also runs.
 */

/** A phone number in E.164: a plus, a country code not starting with 0, at most 15 digits in all. */
export const E164_PATTERN = '^\\+[1-9][0-9]{6,14}$';

/** An ISO 639-1 language code: two lower-case letters. */
export const ISO2_PATTERN = '^[a-z]{2}$';

const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
/** A dotted-quad IPv4 address, no leading zeros. */
export const IPV4_PATTERN = `^${OCTET}(\\.${OCTET}){3}$`;

/** Hex groups and colons, at most one `::` (network.ts checks the group count exactly). */
export const IPV6_PATTERN = '^(?=.*:)(?!.*:::)(?!.*::.*::)[0-9A-Fa-f:.]{2,45}$';

/** `IPv4:port` or `[IPv6]:port` (network.ts parses it exactly, port 1..65535). */
export const HOST_PORT_PATTERN = `^(${OCTET}(\\.${OCTET}){3}|\\[[0-9A-Fa-f:.]{2,45}\\]):[0-9]{1,5}$`;

/** A fully qualified domain name: labels of letters, digits and inner hyphens, a letter-only top level. */
export const DOMAIN_NAME_PATTERN = '^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\\.)+[a-z]{2,63}$';
