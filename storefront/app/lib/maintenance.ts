// Maintenance mode (GET /api/maintenance-mode): the root loader throws this with HTTP 503 for everyone but
// staff, and the root error boundary shows the maintenance page from it.

/** Retry-After of the maintenance answer: crawlers come back in an hour instead of dropping the pages. */
export const MAINTENANCE_RETRY_AFTER_S = 3600;

export interface MaintenanceData {
  maintenance: true;
  shopName: string;
  supportPhone: string;
}

export function isMaintenanceData(value: unknown): value is MaintenanceData {
  return typeof value === 'object' && value !== null && (value as MaintenanceData).maintenance === true;
}
