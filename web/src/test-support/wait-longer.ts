import { configure } from '@testing-library/react';

/**
 * testing-library's findBy/waitFor give up after one second by default: a busy machine (a CI
 * runner, test files run side by side) can take longer to render, and the test would fail on a
 * deadline, not on a fault. Five seconds of waiting for a positive signal; a passing test waits
 * only as long as the page takes.
 */
configure({ asyncUtilTimeout: 5_000 });
