// The settings of a server under test: a database of its own, quiet, and nothing running by itself.
import { loadConfig, type Config } from '../src/platform/config';

export function testConfig(databaseUrl: string | null, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({}),
    databaseUrl,
    dataDir: 'memory',
    demoData: false,
    logLevel: 'silent',
    // Tests deliver the outbox themselves (deliverOutbox), so that they know when it happened.
    outboxWorker: false,
    // Every request of a test comes from 127.0.0.1: a suite that is not about the abuse limits must not
    // trip them (accounts registers dozens of customers). Suites about limits ask for 1, production's values.
    rateLimitScale: 1000,
    // No test reaches a real carrier: a service a test connects gets the address of its local stand-in.
    cdekApiUrl: 'http://127.0.0.1:9/v2',
    cdekTestApiUrl: 'http://127.0.0.1:9/v2',
    russianPostApiUrl: 'http://127.0.0.1:9/v2',
    ...overrides,
  };
}
