import { singleFileUpload } from './image-upload.js';

/** An export of a whole blog with its uploads: far more than a photo, still a bound on the disk. */
export const IMPORT_UPLOAD_BYTES = 500 * 1_048_576;

/** The archive to import (WordPress XML or a zip), streamed to a temporary file like an image upload. */
export const importUpload = singleFileUpload({ fileSize: IMPORT_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 64 * 1024, parts: 7 });
