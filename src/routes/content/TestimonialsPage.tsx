import { MessageSquareQuote } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function TestimonialsPage() {
  return <FeatureIntroPage route="testimonials" icon={MessageSquareQuote} action={{ to: '/explore/campaign', label: 'explore' }} />;
}
