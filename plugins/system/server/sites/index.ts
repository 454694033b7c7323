export { expiringSites, registerExpiringSites, type ExpiringSite, type ExpiringSites } from './expiring-sites';
export { DEFAULT_EXPIRY_WARNING_DAYS, readExpiryWarningDays } from './expiry-warning';
