import { fetchCampaign, fetchCampaigns } from '../../api/campaigns.ts';

/** A frame bundled with the page (a circular window) for when no campaign frame can be loaded. */
export async function bundledFrame(): Promise<Blob> {
  const side = 720;
  const canvas = new OffscreenCanvas(side, side);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas2D is not available');
  const gradient = ctx.createLinearGradient(0, 0, side, side);
  gradient.addColorStop(0, '#0f766e');
  gradient.addColorStop(1, '#f59e0b');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, side, side);
  ctx.globalCompositeOperation = 'destination-out';
  ctx.beginPath();
  ctx.arc(side / 2, side / 2 - 30, side * 0.36, 0, Math.PI * 2);
  ctx.fill();
  return canvas.convertToBlob({ type: 'image/png' });
}

/** The first seeded frame campaign's frame, or the bundled frame. */
export async function defaultFrame(signal: AbortSignal): Promise<{ source: Blob | string; name: string }> {
  try {
    const list = await fetchCampaigns(1, 10, signal);
    const summary = list.items.find((item) => item.type === 'frame');
    if (summary) {
      const campaign = await fetchCampaign(summary.uri, signal);
      const frame = campaign.frames[0];
      if (frame) return { source: frame.url, name: campaign.title };
    }
  } catch (error) {
    if (signal.aborted) throw error;
    console.warn('No campaign frame; using the bundled one', error);
  }
  return { source: await bundledFrame(), name: '' };
}
