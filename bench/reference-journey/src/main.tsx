import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Amplify } from 'aws-amplify';
import '@aws-amplify/ui-react/styles.css';
import App from './App.tsx';

// The reference as the seed's design runs it against the local pool: Amplify's SRP sign-in in the
// browser, through its own server (which forwards to the pool, as Cognito's endpoint would answer).
Amplify.configure({
  Auth: {
    Cognito: {
      userPoolId: 'us-east-1_LocalDev01',
      userPoolClientId: 'localdevclient0000000000001',
      userPoolEndpoint: `${location.origin}/cognito`,
      loginWith: { email: true },
      signUpVerificationMethod: 'code',
      userAttributes: { email: { required: true } },
    },
  },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
