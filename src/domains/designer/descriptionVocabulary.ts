/**
 * The words designFromDescription.ts understands, in English and Indonesian: what each built-in template is
 * about, what each template category is about, and colour names. Keywords are written lower case without
 * diacritics; a phrase is several words in a row. A new template needs its entry in TEMPLATE_KEYWORDS
 * (designFromDescription.test.ts checks that every template has one).
 */
import type { TemplateCategory } from '../../../contract/design.ts';

/** Strong hints for one template (by id), worth three points each. */
export const TEMPLATE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  'birthday-confetti': ['birthday', 'bday', 'hbd', 'ulang tahun', 'ultah', 'milad', 'party', 'pesta', 'anniversary', 'balloon', 'balon'],
  'graduation-laurel': [
    'graduation', 'graduate', 'graduates', 'wisuda', 'wisudawan', 'wisudawati', 'lulus', 'kelulusan', 'alumni', 'school', 'sekolah',
    'sma', 'smk', 'smp', 'sd', 'madrasah', 'campus', 'kampus', 'university', 'universitas', 'teacher', 'teachers', 'guru', 'student', 'siswa',
    'mahasiswa', 'class of', 'angkatan',
  ],
  'eid-mubarak': [
    'eid', 'lebaran', 'idul fitri', 'idulfitri', 'idul adha', 'iduladha', 'mubarak', 'ramadan', 'ramadhan', 'puasa', 'fitri',
    'halal bihalal', 'ketupat', 'mudik', 'muslim', 'islamic', 'hijriah', 'maulid',
  ],
  'indonesia-independence': [
    'independence', 'independence day', 'merdeka', 'kemerdekaan', '17 agustus', 'agustus', 'august', 'hut ri', 'dirgahayu', 'proklamasi',
    'republik', 'indonesia', 'flag', 'bendera', 'merah putih',
  ],
  'merdeka-story': ['merdeka', 'kemerdekaan', '17 agustus', 'agustusan', 'dirgahayu', 'hut ri', 'story', 'stories', 'instagram story'],
  'heroes-day': ['hero', 'heroes', 'pahlawan', '10 november', 'veteran', 'veterans', 'tni', 'army', 'military', 'militer', 'pejuang', 'sumpah pemuda', 'pemuda', 'youth pledge', 'pancasila'],
  'football-matchday': ['football', 'soccer', 'sepak bola', 'sepakbola', 'bola', 'futsal', 'match', 'matchday', 'liga', 'league', 'club', 'klub', 'timnas', 'piala', 'cup', 'tournament', 'turnamen'],
  'badminton-smash': ['badminton', 'bulu tangkis', 'bulutangkis', 'shuttlecock', 'smash', 'tennis', 'tenis', 'olympic', 'olympics', 'olimpiade'],
  'fun-run': ['run', 'running', 'runner', 'runners', 'lari', 'fun run', 'marathon', 'maraton', '5k', '10k', 'race', 'jalan sehat', 'walk', 'cycling', 'sepeda', 'gowes'],
  'support-our-cause': [
    'support', 'dukung', 'dukungan', 'cause', 'charity', 'amal', 'donation', 'donasi', 'awareness', 'peduli', 'solidarity', 'solidaritas',
    'petition', 'petisi', 'community', 'komunitas', 'save', 'selamatkan',
  ],
  'world-environment-day': [
    'environment', 'environmental', 'lingkungan', 'lingkungan hidup', 'earth', 'bumi', 'climate', 'iklim', 'river', 'rivers', 'sungai', 'clean',
    'bersih', 'tree', 'trees', 'pohon', 'forest', 'hutan', 'ocean', 'sea', 'laut', 'plastic', 'plastik', 'recycle', 'daur ulang', 'sampah',
    'waste', 'nature', 'alam', 'planet',
  ],
  'volunteer-story': ['volunteer', 'volunteers', 'volunteering', 'relawan', 'sukarelawan', 'gotong royong', 'bakti sosial', 'baksos', 'ngo', 'help', 'bantu'],
  'geometric-rings': ['pattern', 'geometric', 'geometri', 'mandala', 'batik', 'ornament', 'ornamen', 'profile', 'profil', 'personal', 'pribadi'],
  'floral-arch': ['flower', 'flowers', 'floral', 'bunga', 'love', 'cinta', 'wedding', 'pernikahan', 'nikah', 'engagement', 'tunangan', 'mother', 'mothers day', 'hari ibu', 'valentine', 'kartini'],
  'award-badge': [
    'award', 'awards', 'penghargaan', 'best', 'terbaik', 'winner', 'juara', 'champion', 'pemenang', 'appreciation', 'apresiasi',
    'achievement', 'prestasi', 'thank you', 'terima kasih', 'teacher', 'teachers', 'guru',
  ],
  'go-vote': ['vote', 'voting', 'voter', 'voters', 'pemilu', 'pilkada', 'pilpres', 'pileg', 'election', 'elections', 'coblos', 'nyoblos', 'ballot', 'golput', 'democracy', 'demokrasi', 'kpu'],
  'candidate-campaign': ['candidate', 'calon', 'caleg', 'capres', 'cagub', 'cabup', 'kandidat', 'paslon', 'nomor urut', 'osis', 'ketua', 'chairman', 'pilkades', 'kades'],
  'public-health': [
    'health', 'kesehatan', 'sehat', 'healthy', 'vaccine', 'vaccination', 'vaksin', 'vaksinasi', 'imunisasi', 'clinic', 'klinik', 'puskesmas',
    'hospital', 'rumah sakit', 'doctor', 'dokter', 'nurse', 'perawat', 'posyandu', 'stunting', 'gizi', 'nutrition', 'medical', 'medis', 'donor darah',
  ],
};

/** Weaker hints for every template of a category, worth one point each. */
export const CATEGORY_KEYWORDS: Readonly<Record<TemplateCategory, readonly string[]>> = {
  celebrations: ['celebrate', 'celebration', 'perayaan', 'rayakan', 'selamat', 'congratulations', 'happy', 'festival', 'hari raya', 'holiday', 'libur'],
  'national-day': ['national', 'nasional', 'national day', 'hari nasional', 'nation', 'bangsa', 'negara', 'country', 'tanah air', 'nkri', 'indonesia'],
  sports: ['sport', 'sports', 'olahraga', 'team', 'tim', 'athlete', 'atlet', 'competition', 'kompetisi', 'lomba', 'pertandingan', 'game'],
  socials: ['social', 'sosial', 'movement', 'gerakan', 'campaign', 'kampanye', 'together', 'bersama', 'kindness', 'kebaikan'],
  decorative: ['beautiful', 'cantik', 'elegant', 'elegan', 'simple', 'sederhana', 'minimal', 'cute', 'lucu', 'aesthetic', 'estetik', 'name', 'nama'],
  government: ['government', 'pemerintah', 'pemerintahan', 'official', 'resmi', 'public', 'publik', 'kabupaten', 'kota', 'desa', 'village', 'dinas', 'ministry', 'kementerian', 'provinsi', 'province', 'city'],
};

/**
 * Colour names → a representative colour. `null` marks a neutral (black, white, grey, silver): it is
 * understood, and kept out of the frame's text, but recolouring only moves hues, so neutrals change nothing.
 */
export const COLOUR_WORDS: Readonly<Record<string, string | null>> = {
  red: '#d62828', merah: '#d62828', scarlet: '#d62828',
  maroon: '#800020', marun: '#800020', 'merah marun': '#800020', burgundy: '#800020',
  pink: '#ec4899', 'merah muda': '#ec4899', magenta: '#d6339e',
  orange: '#f97316', oranye: '#f97316', oren: '#f97316', jingga: '#f97316',
  gold: '#d4a017', golden: '#d4a017', emas: '#d4a017', keemasan: '#d4a017',
  yellow: '#facc15', kuning: '#facc15',
  green: '#16a34a', hijau: '#16a34a', 'dark green': '#14532d', 'hijau tua': '#14532d', 'light green': '#4ade80', 'hijau muda': '#4ade80', lime: '#84cc16',
  teal: '#0d9488', tosca: '#0d9488', toska: '#0d9488', turquoise: '#14b8a6',
  blue: '#1d4ed8', biru: '#1d4ed8', 'light blue': '#38bdf8', 'sky blue': '#38bdf8', 'biru muda': '#38bdf8', 'biru langit': '#38bdf8',
  navy: '#1e3a8a', 'navy blue': '#1e3a8a', 'dark blue': '#1e3a8a', 'biru tua': '#1e3a8a', 'biru dongker': '#1e3a8a', dongker: '#1e3a8a',
  purple: '#7c3aed', violet: '#7c3aed', ungu: '#7c3aed', lilac: '#b197fc', lavender: '#b197fc',
  brown: '#8b5a2b', coklat: '#8b5a2b', cokelat: '#8b5a2b',
  cream: '#f3e3c3', krem: '#f3e3c3',
  black: null, hitam: null, white: null, putih: null, grey: null, gray: null, abu: null, 'abu abu': null, kelabu: null, silver: null, perak: null,
};

/** Words that only join colour names ("blue and gold", "warna biru"): a part made of these and colours is no text. */
export const COLOUR_FILLERS: ReadonlySet<string> = new Set([
  'and', 'dan', 'with', 'dengan', 'or', 'atau', 'colour', 'colours', 'color', 'colors', 'warna', 'theme', 'tema', 'nuansa', 'in', 'bernuansa', 'berwarna',
]);
