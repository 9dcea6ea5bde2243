import { describe, expect, it } from 'vitest';
import { assignFaces } from './faceAssignment.ts';
import type { FaceBox } from './pipelineTypes.ts';

const face = (x: number, y: number, size: number): FaceBox => ({ box: { x, y, width: size, height: size }, score: 0.9, keypoints: [] });
const hole = (x: number, y: number, width = 300, height = 300) => ({ x, y, width, height });

describe('assignFaces', () => {
  it('gives every face to a single hole', () => {
    const faces = [face(10, 10, 50), face(500, 10, 60)];
    expect(assignFaces(faces, [hole(0, 0)])).toEqual([faces]);
  });

  it('puts the same faces in every hole when there are fewer faces than holes', () => {
    const faces = [face(10, 10, 50)];
    expect(assignFaces(faces, [hole(0, 0), hole(400, 0), hole(800, 0)])).toEqual([faces, faces, faces]);
    expect(assignFaces([], [hole(0, 0), hole(400, 0)])).toEqual([[], []]);
  });

  it('gives the left face to the left window, whatever order the holes come in (largest first)', () => {
    const left = face(100, 200, 80);
    const right = face(900, 220, 120);
    // The analysis lists the larger (right) hole first.
    const [big, small] = assignFaces([right, left], [hole(600, 0, 400, 400), hole(0, 0)]);
    expect(big).toEqual([right]);
    expect(small).toEqual([left]);
  });

  it('reads stacked holes top to bottom', () => {
    const top = face(300, 50, 90);
    const bottom = face(100, 700, 90);
    expect(assignFaces([bottom, top], [hole(0, 0, 600, 300), hole(0, 400, 600, 300)])).toEqual([[top], [bottom]]);
  });

  it('keeps the largest faces when there are more faces than holes', () => {
    const tiny = face(0, 0, 10);
    const a = face(100, 0, 80);
    const b = face(600, 0, 90);
    const assigned = assignFaces([tiny, b, a], [hole(0, 0), hole(400, 0)]);
    expect(assigned).toEqual([[a], [b]]);
    expect(assigned.flat()).not.toContain(tiny);
  });
});
