// Secret values that are public because this repository shows them: its examples, its tests and
// the fallbacks its compose file once had. A deployment that copied one would be open to anyone
// who read the code, so production refuses every value listed here (env.server.ts).
// app/example-secrets.test.ts scans the tracked files and fails when a value of 32 characters or
// more assigned to a secret (SESSION_SECRET, ADMIN_TOKEN, MEILI_MASTER_KEY, a webhook secret, the
// tests' own) is missing from this list.
export const EXAMPLE_SECRET_VALUES: readonly string[] = [
  // docker-compose.yml's former fallbacks
  "change-me-in-production-0123456789",
  "change-me-admin-token-0123456789",
  "asiiko-local-meili-master-key",
  // the development fallback of sessionSecrets()
  "asiiko-development-secret-change-me",
  // the tests' and benchmarks' former fixed values
  "integration-admin-token-0123456789",
  "integration-session-secret",
  "production-like-secret-0123456789abcdef",
  "e2e-admin-token-0123456789abcdef",
  "e2e-session-secret",
  // the USSD callback's tests
  "ussd-test-token-0123456789abcdefghij",
  "a-long-callback-secret-for-tests-0123456789",
  "one-demo-machine-secret-value-0123456789",
  "another-machine-secret-0123456789abc",
];
