import { noQuery } from '../schemas';

export const AuthNonceSchema = { query: noQuery };
