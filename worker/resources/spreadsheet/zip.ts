/**
 * The zip side of writing xlsx files (./xlsx.ts), loaded by dynamic import with the first file written:
 * fflate's module builds its Huffman tables when it runs, which is no part of the Worker's start-up budget.
 */
import { Zip, ZipDeflate, ZipPassThrough, strToU8, zipSync, type FlateError } from "fflate";

export { Zip, ZipDeflate, strToU8, zipSync };

/**
 * A zip entry deflated by the runtime's own CompressionStream (native zlib, several times faster than
 * deflate in JavaScript, and CPU time is what a Worker has least of). fflate frames it; `written` is the
 * promise of the last chunk handed to the compressor, so the writer can wait for it (back-pressure).
 */
export class NativeDeflate extends ZipPassThrough {
  written: Promise<void> = Promise.resolve();
  private readonly writer: WritableStreamDefaultWriter<Uint8Array>;
  constructor(filename: string) {
    super(filename);
    this.compression = 8;
    const stream = new CompressionStream("deflate-raw");
    this.writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        this.ondata(null, value as Uint8Array<ArrayBuffer>, false);
      }
      this.ondata(null, new Uint8Array(0), true);
    })().catch((error: unknown) => this.ondata(error as FlateError, new Uint8Array(0), true));
  }
  protected override process(chunk: Uint8Array<ArrayBuffer>, final: boolean): void {
    this.written = this.writer.write(chunk);
    if (final) this.written = this.written.then(() => this.writer.close());
  }
}
