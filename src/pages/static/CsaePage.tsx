import { StaticArticle } from '../shared/StaticArticle.tsx';

export default function CsaePage() {
  return <StaticArticle route="csae" />;
}
