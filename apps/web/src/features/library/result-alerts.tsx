import { useResultAlerts } from './use-result-alerts';

/** Mounts `useResultAlerts`, so the layout can load it only once someone has signed in. */
export function ResultAlerts(): null {
  useResultAlerts();
  return null;
}
