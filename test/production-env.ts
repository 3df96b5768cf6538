/** The least a production configuration (no local stack) sets, for tests of what only it does. */
export const PRODUCTION_ENV = {
  COGNITO_USER_POOL_ID: 'us-east-1_AbCdEf123',
  COGNITO_CLIENT_ID: '1example23456789',
  SESSION_SECRET: 'a'.repeat(32),
  CREATOR_API_URL: 'https://api.creators.example/',
  ANALYTICS_EMBED_URL: 'https://analytics.example',
  SUPPORT_EMAIL: 'help@creators.example',
  TERMS_URL: 'https://creators.example/terms',
  PRIVACY_URL: 'https://creators.example/privacy',
};
