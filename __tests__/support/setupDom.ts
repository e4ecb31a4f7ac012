import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy* and waitFor wait for an event; their limit is only how long to wait before failing. Testing Library's own
// default (1 s) is a race with the clock on a loaded machine, so the limit is generous: a passing wait ends at once.
configure({ asyncUtilTimeout: 15_000 });
