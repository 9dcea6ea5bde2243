import { MessageSquareQuote } from 'lucide-react';
import { FeatureIntroPage } from '../FeatureIntroPage.tsx';

export default function TestimonialPage() {
  return <FeatureIntroPage route="testimonial" icon={MessageSquareQuote} action={{ to: '/testimonials', label: 'testimonials' }} />;
}
