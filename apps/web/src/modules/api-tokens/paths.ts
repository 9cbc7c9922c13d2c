/** The API tokens page (issue 18): under the user menu, not one of the spec's sidebar routes. */
export const API_TOKENS_PATH = '/panel/api-tokens';
