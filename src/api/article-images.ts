import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';

export function createArticleImagesRouter(_deps: AppDeps): Router {
  return Router();
}
