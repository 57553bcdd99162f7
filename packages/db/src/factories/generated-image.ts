/** An image file the demo seed drew, as its media row needs it. */
export interface GeneratedImage {
  /** Relative to the media folder, as media.path stores it. */
  path: string;
  size: number;
  width: number;
  height: number;
  /** The 4×3-component BlurHash shown while the image loads. */
  blurhash?: string | null;
}
