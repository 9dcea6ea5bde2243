import { describe, expect, it } from 'vitest';
import { campaignCreateBody, campaignUpdateBody } from '../../../contract/campaignWrite.ts';
import { createBody, emptyCampaignForm, parseTags, serverFieldErrors, updateBody, validateCampaignForm } from './campaignForm.ts';

const valid = { ...emptyCampaignForm(), title: 'Hari Guru', uri: 'hari-guru' };

describe('validateCampaignForm', () => {
  it('accepts a complete free campaign and builds a body the contract accepts', () => {
    expect(validateCampaignForm(valid, { frameCount: 1, creatorPlan: false })).toEqual({});
    const body = createBody('frame', { ...valid, tags: '#Guru, sekolah guru' }, [{ key: 'uploads/frame/u/f1' }]);
    expect(body.tags).toEqual(['guru', 'sekolah']);
    expect(campaignCreateBody.safeParse(body).success).toBe(true);
  });

  it('names each problem with its limit', () => {
    const problems = validateCampaignForm({ ...valid, title: ' ab ', uri: 'explore', tags: 'a/b', description: 'x'.repeat(2001) }, { frameCount: 0, creatorPlan: false });
    expect(problems).toEqual({
      title: { key: 'titleShort', values: { min: 3 } },
      uri: { key: 'uri.reserved' },
      description: { key: 'tooLong', values: { max: 2000 } },
      tags: { key: 'tagInvalid', values: { max: 30 } },
      frames: { key: 'framesNone' },
    });
    expect(validateCampaignForm({ ...valid, uri: 'Bad Link' }, { frameCount: 1, creatorPlan: false }).uri).toEqual({ key: 'uri.invalid' });
    expect(validateCampaignForm({ ...valid, tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(' ') }, { frameCount: 1, creatorPlan: false }).tags?.key).toBe('tagsMany');
  });

  it('keeps creator-plan features for the creator plan', () => {
    expect(validateCampaignForm({ ...valid, visibility: 'unlisted' }, { frameCount: 2, creatorPlan: false })).toEqual({ visibility: { key: 'planVisibility' }, frames: { key: 'planFrames', values: { max: 10 } } });
    expect(validateCampaignForm({ ...valid, visibility: 'unlisted' }, { frameCount: 2, creatorPlan: true })).toEqual({});
    expect(validateCampaignForm(valid, { frameCount: 11, creatorPlan: true }).frames?.key).toBe('framesMany');
  });

  it('needs an access code for private, unless the campaign already has one', () => {
    const secret = { ...valid, visibility: 'private' as const };
    expect(validateCampaignForm(secret, { frameCount: 1, creatorPlan: true }).accessCode).toEqual({ key: 'accessCodeShort', values: { min: 4 } });
    expect(validateCampaignForm(secret, { frameCount: 1, creatorPlan: true, hasAccessCode: true })).toEqual({});
    expect(validateCampaignForm({ ...secret, accessCode: 'x'.repeat(33) }, { frameCount: 1, creatorPlan: true }).accessCode?.key).toBe('accessCodeLong');
  });
});

describe('updateBody', () => {
  it('sends a new access code only when one was typed, and passes the contract', () => {
    const frames = [{ id: '0b7c4b1e-3f1a-4c55-9d7e-2f6a1d2c3b4a' }];
    expect(updateBody({ ...valid, visibility: 'private' }, frames)).not.toHaveProperty('accessCode');
    const body = updateBody({ ...valid, visibility: 'private', accessCode: ' club ' }, frames);
    expect(body.accessCode).toBe('club');
    expect(campaignUpdateBody.safeParse(body).success).toBe(true);
  });
});

describe('parseTags and serverFieldErrors', () => {
  it('splits on commas and spaces, drops # and duplicates', () => {
    expect(parseTags(' #A, b  a,,c ')).toEqual(['a', 'b', 'c']);
  });

  it('files the server’s paths under the form’s fields', () => {
    expect(serverFieldErrors({ 'body.title': 'Too short', 'body.frames.0.key': 'Not yours', 'body.tags.2': 'Bad tag', other: 'x' })).toEqual({ title: 'Too short', frames: 'Not yours', tags: 'Bad tag' });
  });
});
