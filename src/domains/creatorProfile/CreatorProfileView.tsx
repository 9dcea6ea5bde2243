import type { ReactNode } from 'react';
import type { CampaignSummary } from '../../../contract/campaign.ts';
import type { CreatorProfile } from '../../../contract/creatorProfile.ts';
import { ProfileCampaigns } from './ProfileCampaigns.tsx';
import { ProfileCollections } from './ProfileCollections.tsx';
import { ProfileHeader } from './ProfileHeader.tsx';
import { ProfilePosts } from './ProfilePosts.tsx';

export interface CreatorProfileViewProps {
  profile: CreatorProfile;
  /** The profile's country by name in the visitor's language (null when not set). */
  countryName: string | null;
  /** Campaign cards as the rest of the app draws them. */
  renderCampaigns: (campaigns: CampaignSummary[]) => ReactNode;
}

/** A creator's public profile: who they are, then their campaigns, collections and posts. */
export function CreatorProfileView({ profile, countryName, renderCampaigns }: CreatorProfileViewProps) {
  return (
    <div className="flex flex-col gap-12">
      <ProfileHeader profile={profile} countryName={countryName} />
      <ProfileCampaigns username={profile.username} renderCampaigns={renderCampaigns} />
      <ProfileCollections collections={profile.collections} />
      <ProfilePosts username={profile.username} total={profile.totals.posts} />
    </div>
  );
}
