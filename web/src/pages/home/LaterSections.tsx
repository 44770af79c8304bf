import { Faq } from './sections/Faq';
import { Partners } from './sections/Partners';
import { StatsBand } from './sections/StatsBand';
import { Testimonials } from './sections/Testimonials';
import { WhyChooseUs } from './sections/WhyChooseUs';

/** The home page's sections below the about teaser, in docs/product.md's order: a chunk of their own. */
export default function LaterSections() {
  return (
    <>
      <WhyChooseUs />
      <Partners />
      <StatsBand />
      <Testimonials />
      <Faq />
    </>
  );
}
