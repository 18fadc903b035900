// Sending pictures to POST /api/admin/uploads through the shared API client (@shop/client) with the admin's
// session, with upload progress for the progress bars.
import { apiErrorMessage } from '@shop/client';
import { adminApiClient } from './authProvider';

export interface UploadedImage {
  url: string;
  width: number;
  height: number;
  name: string;
  size: number;
}

/** What the file pickers accept; the server judges the content again. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif,image/gif';
/** A large batch of photos over a slow line takes longer than the client's usual 10 s. */
const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * Uploads the files in one request: all of them are stored, or none (the server's Russian message, naming
 * the refused file, becomes the Error's message). onProgress gets the share sent, 0…1.
 */
export async function uploadImages(
  files: readonly File[],
  onProgress?: (share: number) => void,
): Promise<UploadedImage[]> {
  const form = new FormData();
  for (const file of files) form.append('files', file, file.name);
  try {
    // The contract declares no body (a multipart form): the form goes as the request's data.
    return await adminApiClient.adminContent.uploadImages({
      data: form,
      timeout: UPLOAD_TIMEOUT_MS,
      onUploadProgress: (event) => {
        if (onProgress && event.total) onProgress(event.loaded / event.total);
      },
    });
  } catch (error) {
    throw new Error(apiErrorMessage(error));
  }
}

/**
 * A small preview of a stored picture: the 320 px WebP variant the server makes for anything under
 * /uploads/ (fast to load in a form full of photos); other addresses as they are.
 */
export function previewUrl(url: string): string {
  return url.startsWith('/uploads/') && !url.toLowerCase().endsWith('.svg')
    ? `/img/320/${url.slice('/uploads/'.length)}`
    : url;
}
