// What bench.ts and the bench server it forks say to each other. A module of its own: importing
// bench-server.ts would start a second API (and leave its data directory behind) in bench.ts.

export const BENCH_ADMIN_TOKEN = 'bench-operator-token-0123456789';

export interface BenchServerReady {
  barePort: number;
  apiPort: number;
  database: string;
  /** Connections in the PostgreSQL pool; null on PGlite. */
  poolSize: number | null;
}

/** What the bench's orders left in the database, to check each 201 was one paid order and one charge. */
export interface OrderTally {
  paidOrders: number;
  otherOrders: number;
  charges: number;
  refunds: number;
}
