/**
 * The app's stylesheet (Tailwind and the theme), for browser tests that measure a layout the way the
 * page lays it out. Import it for its effect: `import '../../testing/appStyles.ts'`.
 */
import '../styles.css';
