import { prepareSeedImages } from '../../src/db/seed.js';

/**
 * Runs the sample articles' photos through the image pipeline before any test file starts, into the
 * disk cache src/db/seed.ts keeps: seeding tests and servers started with SEED_SAMPLE_ARTICLES then
 * read it instead of encoding 30 photos under a hook timeout or while serving requests.
 */
export default async function setup() {
  await prepareSeedImages();
}
