let checkerboard: HTMLCanvasElement | null = null;
/** White and light grey 8 px squares: the usual sign of see-through pixels. Konva draws any canvas image source as a pattern (its type says <img>). */
export function checkerPattern(): HTMLImageElement {
  if (checkerboard) return checkerboard as unknown as HTMLImageElement;
  checkerboard = document.createElement('canvas');
  checkerboard.width = 16;
  checkerboard.height = 16;
  const context = checkerboard.getContext('2d');
  if (context) {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, 16, 16);
    context.fillStyle = '#d4d4d8';
    context.fillRect(0, 0, 8, 8);
    context.fillRect(8, 8, 8, 8);
  }
  return checkerboard as unknown as HTMLImageElement;
}
