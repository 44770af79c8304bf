import { configure } from '@testing-library/react';

/**
 * testing-library's findBy/waitFor give up after one second by default: a busy machine (a CI
 * runner, test files run side by side, a route's code transformed on its first import) can take
 * longer to render, and the test would fail on a deadline, not on a fault. Fifteen seconds of
 * waiting for a positive signal; a passing test waits only as long as the page takes.
 */
configure({ asyncUtilTimeout: 15_000 });
