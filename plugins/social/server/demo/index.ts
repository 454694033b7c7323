export { seedSocialDemo } from './social-demo';
