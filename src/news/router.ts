import { Router } from 'express';
import type { AppDeps } from '../app-deps.js';

export function createNewsRouter(_deps: AppDeps): Router {
  return Router();
}
