// Pinned versions of the binaries the bootstrap builds from the Go module proxy.
export const POCKETBASE_MODULE = 'github.com/pocketbase/pocketbase';
export const POCKETBASE_VERSION = 'v0.39.11';
export const POCKETBASE_MINOR = 'v0.39.';
export const STRIPE_MOCK_MODULE = 'github.com/stripe/stripe-mock';
export const STRIPE_MOCK_VERSION = 'v0.203.0';
export const MAILPIT_MODULE = 'github.com/axllent/mailpit';
export const MAILPIT_VERSION = 'v1.27.11';
export const VERSITYGW_MODULE = 'github.com/versity/versitygw/cmd/versitygw';
export const VERSITYGW_VERSION = 'v1.8.0';
export const LITESTREAM_MODULE = 'github.com/benbjohnson/litestream/cmd/litestream';
export const LITESTREAM_VERSION = 'v0.5.18';
