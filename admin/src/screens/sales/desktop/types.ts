// GET /api/admin/dashboard: the blocks the caller's role may see (server/src/admin-api/sales/dashboard.ts).
export interface DashboardData {
  orders?: {
    newCount: number;
    latest: { id: number; number: string; createdAt: string; customerName: string; total: number }[];
  };
  revenue?: { days: { day: string; total: number; count: number }[]; total: number; count: number };
  reviews?: { site?: number; products?: number };
  feedback?: {
    unprocessed: number;
    latest: { id: number; kind: string; name: string; createdAt: string }[];
  };
  lowStock?: {
    threshold: number;
    count: number;
    offers: { id: number; productId: number; title: string; article: string; stock: number }[];
  };
}
