/** The API's table under the name the OpenAPI test imports it by; it lives in endpoints.ts. */
export { ENDPOINTS } from './endpoints.js';
