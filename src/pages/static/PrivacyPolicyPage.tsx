import { StaticArticle } from '../shared/StaticArticle.tsx';

export default function PrivacyPolicyPage() {
  return <StaticArticle route="privacy-policy" />;
}
