import { setupServer } from 'msw/node';

/**
 * The network of the unit tests (MSW): each test says what the API answers with `server.use(...)`; a request
 * no test answered fails the test.
 */
export const server = setupServer();
