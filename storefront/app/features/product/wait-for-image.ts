// Spec §2, the fullscreen image viewer: before showing the next image it waits for it, checking up to
// 50 times every 100 ms; a failure is only logged (the caller shows the image anyway).

export const IMAGE_WAIT_ATTEMPTS = 50;
export const IMAGE_WAIT_INTERVAL_MS = 100;

export interface ImageSource {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** Resolves once the image is decoded and has a size; rejects after the last attempt. */
export function waitForImage(
  source: ImageSource,
  { attempts = IMAGE_WAIT_ATTEMPTS, interval = IMAGE_WAIT_INTERVAL_MS } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.decoding = 'async';
    if (source.sizes) img.sizes = source.sizes;
    if (source.srcSet) img.srcset = source.srcSet;
    img.src = source.src;
    let attempt = 0;
    const check = () => {
      attempt += 1;
      if (img.complete && img.naturalWidth > 0) {
        resolve();
      } else if (attempt >= attempts) {
        reject(new Error(`The image did not load after ${attempts} checks: ${source.src}`));
      } else {
        setTimeout(check, interval);
      }
    };
    check();
  });
}
