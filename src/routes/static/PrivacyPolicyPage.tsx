import { StaticArticle } from './StaticArticle.tsx';

export default function PrivacyPolicyPage() {
  return <StaticArticle route="privacy-policy" />;
}
