/**
 * WebGL2 renderer of a layer plan on an OffscreenCanvas.
 *
 *   webglAvailable() → boolean            creates (once) and keeps the context of this worker
 *   webglIsSoftware() → boolean           true on CPU rasterisers (SwiftShader, llvmpipe), where
 *                                         Canvas2D is faster (measured: see composite.ts)
 *   renderLayersWebgl(plan: LayerPlan) → OffscreenCanvas (the shared WebGL canvas; copy it
 *                                        before the next call) — throws RENDER_FAILED without WebGL2
 *
 * Every layer's visible part is a texture with a full mipmap chain sampled trilinearly, so
 * strong reductions average instead of aliasing. Quad edges get analytic coverage (1 output px
 * ramp), matching Canvas2D's antialiased image edges. Alpha is premultiplied throughout.
 */
import { resampleTo } from './resample.ts';
import type { Bitmap } from './resample.ts';
import { layerScale, visibleRegion } from './compositeCanvas.ts';
import type { LayerPlan } from './compositeCanvas.ts';
import { PipelineError } from '../core/pipelineTypes.ts';

const vertexSource = `#version 300 es
in vec2 a_corner;
uniform vec2 u_srcSize;
uniform vec2 u_pad;
uniform mat3 u_matrix;
uniform vec2 u_outSize;
out vec2 v_src;
void main() {
  vec2 src = mix(-u_pad, u_srcSize + u_pad, a_corner);
  v_src = src;
  vec2 p = (u_matrix * vec3(src, 1.0)).xy;
  gl_Position = vec4(p.x / u_outSize.x * 2.0 - 1.0, 1.0 - p.y / u_outSize.y * 2.0, 0.0, 1.0);
}`;

const fragmentSource = `#version 300 es
precision highp float;
in vec2 v_src;
uniform sampler2D u_tex;
uniform vec2 u_srcSize;
uniform vec2 u_scale;
out vec4 outColor;
void main() {
  vec2 edge = min(v_src, u_srcSize - v_src) * u_scale;
  float coverage = clamp(edge.x + 0.5, 0.0, 1.0) * clamp(edge.y + 0.5, 0.0, 1.0);
  outColor = texture(u_tex, v_src / u_srcSize) * coverage;
}`;

interface GlState {
  canvas: OffscreenCanvas;
  gl: WebGL2RenderingContext;
  program: WebGLProgram;
  software: boolean;
  uniforms: Record<'srcSize' | 'pad' | 'matrix' | 'outSize' | 'scale' | 'tex', WebGLUniformLocation | null>;
}

let state: GlState | null | undefined;

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type);
  if (!shader) throw new Error('createShader failed');
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader) ?? 'shader compile failed');
  return shader;
}

function createState(): GlState | null {
  try {
    const canvas = new OffscreenCanvas(1, 1);
    const gl = canvas.getContext('webgl2', { alpha: true, premultipliedAlpha: true, antialias: false, depth: false, stencil: false, preserveDrawingBuffer: true });
    if (!gl) return null;
    const program = gl.createProgram();
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, vertexSource));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, fragmentSource));
    gl.linkProgram(program);
    if (!gl.getProgramParameter(program, gl.LINK_STATUS)) return null;
    gl.useProgram(program);

    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([0, 0, 1, 0, 0, 1, 1, 1]), gl.STATIC_DRAW);
    const corner = gl.getAttribLocation(program, 'a_corner');
    gl.enableVertexAttribArray(corner);
    gl.vertexAttribPointer(corner, 2, gl.FLOAT, false, 0, 0);

    gl.enable(gl.BLEND);
    gl.blendFunc(gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, true);
    gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
    const at = (name: string) => gl.getUniformLocation(program, name);
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const renderer = String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
    return {
      canvas,
      gl,
      program,
      software: /swiftshader|llvmpipe|softpipe|software/i.test(renderer),
      uniforms: { srcSize: at('u_srcSize'), pad: at('u_pad'), matrix: at('u_matrix'), outSize: at('u_outSize'), scale: at('u_scale'), tex: at('u_tex') },
    };
  } catch {
    return null;
  }
}

function ready(): GlState | null {
  if (state && state.gl.isContextLost()) state = undefined;
  if (state === undefined) state = createState();
  return state;
}

export function webglAvailable(): boolean {
  return ready() !== null;
}

export function webglIsSoftware(): boolean {
  return ready()?.software ?? false;
}

/** Sources larger than the GPU allows are reduced first (rare: working images are ≤ 4096 px). */
function fitTexture(source: Bitmap, maxSize: number): Bitmap {
  if (source.width <= maxSize && source.height <= maxSize) return source;
  const k = maxSize / Math.max(source.width, source.height);
  return resampleTo(source, Math.max(1, Math.floor(source.width * k)), Math.max(1, Math.floor(source.height * k)));
}

export function renderLayersWebgl(plan: LayerPlan): OffscreenCanvas {
  const s = ready();
  if (!s) throw new PipelineError('RENDER_FAILED', 'WebGL2 is not available.');
  const { gl, canvas, uniforms } = s;
  const maxTexture = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
  const maxViewport = gl.getParameter(gl.MAX_VIEWPORT_DIMS) as Int32Array;
  if (plan.width > (maxViewport[0] ?? 0) || plan.height > (maxViewport[1] ?? 0)) {
    throw new PipelineError('RENDER_FAILED', `Output ${plan.width}×${plan.height} exceeds the WebGL viewport.`);
  }

  canvas.width = plan.width;
  canvas.height = plan.height;
  gl.viewport(0, 0, plan.width, plan.height);
  gl.clearColor(0, 0, 0, 0);
  gl.clear(gl.COLOR_BUFFER_BIT);
  gl.useProgram(s.program);
  gl.uniform2f(uniforms.outSize, plan.width, plan.height);
  gl.uniform1i(uniforms.tex, 0);
  gl.activeTexture(gl.TEXTURE0);

  for (const layer of plan.layers) {
    // Only the visible part is uploaded (WebGL2 reads a sub-rectangle of the source via the
    // UNPACK_SKIP_* parameters), with two output pixels of margin for filtering and the edge ramp.
    const fit = fitTexture(layer.source, maxTexture);
    const fitMatrix = layer.matrix.scale(layer.source.width / fit.width, layer.source.height / fit.height);
    const fitScale = layerScale(fitMatrix);
    const region = visibleRegion(fitMatrix, fit, plan, 2 / Math.min(fitScale.x, fitScale.y, 1));
    if (!region) continue;
    const source = { width: region.width, height: region.height };
    const matrix = fitMatrix.translate(region.x, region.y);
    const texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.pixelStorei(gl.UNPACK_SKIP_PIXELS, region.x);
    gl.pixelStorei(gl.UNPACK_SKIP_ROWS, region.y);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, region.width, region.height, 0, gl.RGBA, gl.UNSIGNED_BYTE, fit);
    gl.pixelStorei(gl.UNPACK_SKIP_PIXELS, 0);
    gl.pixelStorei(gl.UNPACK_SKIP_ROWS, 0);
    gl.generateMipmap(gl.TEXTURE_2D);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR_MIPMAP_LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);

    const scale = layerScale(matrix);
    gl.uniform2f(uniforms.srcSize, source.width, source.height);
    gl.uniform2f(uniforms.scale, scale.x, scale.y);
    // One output pixel of padding, so the coverage ramp has room outside the layer's edge.
    gl.uniform2f(uniforms.pad, 1 / scale.x, 1 / scale.y);
    gl.uniformMatrix3fv(uniforms.matrix, false, [matrix.a, matrix.b, 0, matrix.c, matrix.d, 0, matrix.e, matrix.f, 1]);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    gl.deleteTexture(texture);
  }
  if (gl.isContextLost()) throw new PipelineError('RENDER_FAILED', 'The WebGL context was lost.');
  return canvas;
}
