import type { RouteObject } from 'react-router';
import { AccountFallback } from './components/account-layout.tsx';

/** Account pages live outside the application shell; each is code-split. */
export const accountRoutes: RouteObject = {
  HydrateFallback: AccountFallback,
  children: [
    {
      path: 'login',
      lazy: async () => ({
        Component: (await import('./pages/sign-in-choice.tsx')).signInChoice(
          (await import('./pages/login-page.tsx')).LoginPage,
        ),
      }),
    },
    {
      path: 'registration',
      lazy: async () => ({
        Component: (await import('./pages/sign-in-choice.tsx')).signInChoice(
          (await import('./pages/registration-page.tsx')).RegistrationPage,
        ),
      }),
    },
    {
      path: 'recovery',
      lazy: async () => ({ Component: (await import('./pages/recovery-page.tsx')).RecoveryPage }),
    },
    {
      path: 'verification',
      lazy: async () => ({
        Component: (await import('./pages/verification-page.tsx')).VerificationPage,
      }),
    },
    {
      path: 'profile-settings',
      lazy: async () => ({ Component: (await import('./pages/settings-page.tsx')).SettingsPage }),
    },
    {
      path: 'auth-state-checker',
      lazy: async () => ({
        Component: (await import('./pages/auth-state-checker-page.tsx')).AuthStateCheckerPage,
      }),
    },
    {
      path: 'error',
      lazy: async () => ({ Component: (await import('./pages/error-page.tsx')).ErrorPage }),
    },
  ],
};
