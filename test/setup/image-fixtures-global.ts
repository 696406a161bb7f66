import { imageFixtures } from '../fixtures/images/generate.js';

/**
 * Makes the upload photos (test/fixtures/images) before any test file starts, where no hook timeout
 * races the machine's speed; later runs read them from their cache.
 */
export default async function setup() {
  await imageFixtures();
}
