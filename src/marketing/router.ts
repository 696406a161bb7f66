import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';

export function createMarketingRouter(_deps: AppDeps): Router {
  return Router();
}
