export { registerExpiringSites } from './expiring-sites';
