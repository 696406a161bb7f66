import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';

export function createApiRouter(_deps: AppDeps): Router {
  return Router();
}
