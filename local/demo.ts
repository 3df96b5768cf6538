/** The demo creator both local services provision at first start (docs/architecture.md §4). */
export const DEMO_CREATOR = {
  email: 'demo@creator.test',
  password: 'Demo!2345',
  name: 'Demo Creator',
  channelId: 'cm-demo-0001',
} as const;
