import type { Advice } from "./types";

// Crop leaves yellowing in a pattern: a mosaic or streaks. Mostly virus diseases
// spread by insects and by planting material; no spray cures them, so the advice
// is to remove sick plants early and plant clean, tolerant material.

export const MOSAIC: Advice = {
  diagnosis: {
    en: "The leaf shows a mottled yellow-green pattern (a mosaic). This is typical of virus diseases spread by whiteflies or aphids; an uneven supply of nutrients can look similar.",
    fr: "La feuille présente une marbrure jaune et verte (une mosaïque). C'est typique des maladies à virus transmises par les aleurodes ou les pucerons ; une nutrition irrégulière peut donner un aspect semblable.",
    ha: "Ganyen yana da tabo-tabo na rawaya da kore (mosaic). Wannan alama ce ta cututtukan ƙwayar virus da farin ƙuda ko ƙananan ƙwari masu tsotse ganye ke yaɗawa; rashin daidaiton abinci a ƙasa ma zai iya kawo irin haka.",
    ig: "Akwụkwọ a nwere ntụpọ odo odo na akwụkwọ ndụ agwakọtara (mosaic). Nke a bụ ihe ọrịa nje virus na-eme, nke ijiji ọcha ma ọ bụ obere ụmụ ahụhụ na-amị mmiri akwụkwọ na-agbasa; ụkọ nri ala ụfọdụ nwekwara ike iyi otú a.",
    yo: "Ewé náà ní àmì ofeefee àti àwọ̀ ewé tí ó dàpọ̀ (mosaic). Èyí jẹ́ àmì àrùn fáírọ́ọ̀sì tí kòkòrò funfun (whitefly) tàbí kòkòrò aphid ń tàn kálẹ̀; àìtó oúnjẹ ilẹ̀ lè fa irú rẹ̀ pẹ̀lú.",
  },
  treatment: {
    en: "No spray cures a virus. Pull out and burn or bury badly affected plants early, keep down the weeds that shelter the insects, and next season plant healthy material of tolerant varieties.",
    fr: "Aucun traitement ne guérit un virus. Arrachez tôt et brûlez ou enterrez les plantes très atteintes, éliminez les mauvaises herbes qui abritent les insectes et plantez la saison prochaine du matériel sain de variétés tolérantes.",
    ha: "Babu maganin feshi da ke warkar da ƙwayar virus. Tumɓuke shuke-shuken da suka fi kamuwa da wuri ka ƙone su ko ka binne su, cire ciyawar da ke ɓoye ƙwarin, kuma a kakar gaba ka shuka iri masu lafiya na nau'in da ke jure cutar.",
    ig: "Ọ dịghị ọgwụ a na-agba nke na-agwọ nje virus. Fopụ osisi ndị ọrịa kacha metụta n'oge, kpọọ ha ọkụ ma ọ bụ lie ha n'ala, hichapụ ahịhịa na-echebe ụmụ ahụhụ ahụ, ma n'oge ọzọ kụọ mkpụrụ dị mma nke ụdị na-eguzogide ọrịa.",
    yo: "Kò sí oògùn fífín tí ó ń wo fáírọ́ọ̀sì sàn. Fa àwọn ewéko tí àrùn náà pọ̀ lára wọn tu ní kùtùkùtù, sun wọ́n tàbí bò wọ́n mọ́lẹ̀, ro èpò tí ó ń fi kòkòrò pamọ́, kí o sì gbin irúgbìn tí ó ní ìlera láti inú oríṣi tí ó ń koju àrùn ní ìgbà tó ń bọ̀.",
  },
  recommendations: [
    {
      en: "Uproot the worst plants early so they do not infect the others.",
      fr: "Arrachez tôt les plantes les plus atteintes pour qu'elles n'infectent pas les autres.",
      ha: "Tumɓuke shuke-shuken da suka fi lalacewa da wuri don kada su harbi sauran.",
      ig: "Fopụ osisi ndị kacha njọ n'oge ka ha ghara ibunye ndị ọzọ ọrịa.",
      yo: "Fa àwọn ewéko tí ó burú jù tu ní kùtùkùtù kí wọ́n má bàa kó àrùn ran àwọn yòókù.",
    },
    {
      en: "Never take cuttings or seed from plants with these symptoms.",
      fr: "Ne prélevez jamais de boutures ni de semences sur des plantes qui ont ces symptômes.",
      ha: "Kada ka taɓa ɗaukar yankan kara ko iri daga shukar da ke da waɗannan alamomi.",
      ig: "Ewela osisi a na-akụ ma ọ bụ mkpụrụ site n'osisi nwere ihe ịrịba ama ndị a.",
      yo: "Má ṣe mú igi gbìngbìn tàbí irúgbìn láti ara ewéko tí ó ní àmì wọ̀nyí.",
    },
    {
      en: "Keep weeds and old crop remains out of the field: they shelter whiteflies and aphids.",
      fr: "Éliminez les mauvaises herbes et les résidus de culture : ils abritent aleurodes et pucerons.",
      ha: "Ka share ciyawa da ragowar amfanin gona daga gona: suna ɓoye farin ƙuda da sauran ƙwari.",
      ig: "Wepụ ahịhịa na ihe ubi ochie n'ugbo: ha na-echebe ijiji ọcha na ụmụ ahụhụ ndị ọzọ.",
      yo: "Ro èpò àti àṣẹ́kù irúgbìn àtijọ́ kúrò nínú oko: wọ́n ń fi kòkòrò funfun àti aphid pamọ́.",
    },
    {
      en: "Ask your ADP or a certified seed seller for tolerant varieties.",
      fr: "Demandez des variétés tolérantes à votre service de vulgarisation ou à un vendeur de semences certifiées.",
      ha: "Nemi nau'ikan da ke jure cuta daga ADP ko mai sayar da ingantaccen iri.",
      ig: "Jụọ ADP gị ma ọ bụ onye na-ere mkpụrụ akwadoro maka ụdị na-eguzogide ọrịa.",
      yo: "Béèrè oríṣi tí ó ń koju àrùn lọ́wọ́ ADP tàbí ẹni tí ń ta irúgbìn tí a fọwọ́ sí.",
    },
  ],
};

export const CASSAVA_MOSAIC: Advice = {
  diagnosis: {
    en: "The leaf shows a mottled yellow-green mosaic, the typical sign of cassava mosaic disease (CMD). Viruses cause it, spread by whiteflies and by stems cut from sick plants; leaves become twisted and small, and the harvest drops sharply.",
    fr: "La feuille présente une mosaïque jaune et verte, signe typique de la mosaïque du manioc (CMD). Elle est due à des virus transmis par les aleurodes et par les boutures de plantes malades ; les feuilles se déforment, rapetissent, et la récolte chute fortement.",
    ha: "Ganyen yana da tabo-tabo na rawaya da kore, alamar da aka saba gani ta cutar mosaic ta rogo (CMD). Ƙwayoyin virus ne ke kawo ta, farin ƙuda da yankan karar rogo mara lafiya ke yaɗa ta; ganyaye kan murɗe su yi ƙanana, kuma amfanin gona yakan ragu ƙwarai.",
    ig: "Akwụkwọ a nwere ntụpọ odo odo na akwụkwọ ndụ, nke bụ ihe ịrịba ama ọrịa mosaic nke akpụ (CMD). Nje virus na-ebute ya, ijiji ọcha na osisi akpụ e si n'osisi na-arịa ọrịa bepụta na-agbasa ya; akwụkwọ na-agbagọ ma dị obere, ihe ubi na-ebelatakwa nke ukwuu.",
    yo: "Ewé náà ní àmì ofeefee àti àwọ̀ ewé tí ó dàpọ̀, àmì àrùn mosaic ẹ̀gẹ́ (CMD). Fáírọ́ọ̀sì ló ń fà á, kòkòrò funfun àti igi ẹ̀gẹ́ tí a gé lára ẹ̀gẹ́ aláìsàn ló ń tàn án kálẹ̀; ewé á rún, á kéré, èso á sì dín kù gidigidi.",
  },
  treatment: {
    en: "No spray cures CMD. Uproot and destroy plants with symptoms early, above all in the first three months, and next season plant clean stems of CMD-resistant varieties from a certified source.",
    fr: "Aucun traitement ne guérit la CMD. Arrachez et détruisez tôt les plantes atteintes, surtout pendant les trois premiers mois, et plantez la saison prochaine des boutures saines de variétés résistantes, d'origine certifiée.",
    ha: "Babu maganin feshi da ke warkar da CMD. Tumɓuke ka lalata rogon da ke da alamun da wuri, musamman a watanni uku na farko, kuma a kakar gaba ka shuka karar rogo mai tsabta na nau'in da ke jure CMD daga amintaccen wuri.",
    ig: "Ọ dịghị ọgwụ a na-agba nke na-agwọ CMD. Fopụ ma bibie akpụ nwere ihe ịrịba ama n'oge, karịsịa n'ọnwa atọ mbụ, ma n'oge ọzọ kụọ osisi akpụ dị ọcha nke ụdị na-eguzogide CMD site n'ebe a kwadoro.",
    yo: "Kò sí oògùn fífín tí ó ń wo CMD sàn. Fa ẹ̀gẹ́ tí ó ní àmì náà tu ní kùtùkùtù kí o sì pa á run, pàápàá ní oṣù mẹ́ta àkọ́kọ́, kí o sì gbin igi ẹ̀gẹ́ tí ó mọ́ láti inú oríṣi tí ó ń koju CMD, láti ibi tí a fọwọ́ sí, ní ìgbà tó ń bọ̀.",
  },
  recommendations: [
    {
      en: "Uproot and burn or bury sick plants in the first months after planting.",
      fr: "Arrachez et brûlez ou enterrez les plantes malades dans les premiers mois après la plantation.",
      ha: "Tumɓuke rogo mara lafiya ka ƙone ko ka binne shi a watannin farko bayan shuka.",
      ig: "Fopụ akpụ na-arịa ọrịa, kpọọ ya ọkụ ma ọ bụ lie ya n'ala n'ọnwa ole na ole mbụ ka a kụchara.",
      yo: "Fa ẹ̀gẹ́ aláìsàn tu, sun ún tàbí bò ó mọ́lẹ̀ ní oṣù àkọ́kọ́ lẹ́yìn gbígbìn.",
    },
    {
      en: "Never take planting stems from plants with mosaic.",
      fr: "Ne prenez jamais de boutures sur des plantes qui ont la mosaïque.",
      ha: "Kada ka taɓa ɗaukar karar shuka daga rogon da ke da mosaic.",
      ig: "Ewela osisi a ga-akụ site n'akpụ nwere mosaic.",
      yo: "Má ṣe mú igi gbìngbìn láti ara ẹ̀gẹ́ tí ó ní mosaic.",
    },
    {
      en: "Plant improved CMD-resistant varieties; your ADP can tell you where to find clean stems.",
      fr: "Plantez des variétés améliorées résistantes à la CMD ; votre service de vulgarisation peut indiquer où trouver des boutures saines.",
      ha: "Shuka ingantattun nau'ikan rogo masu jure CMD; ADP zai iya nuna maka inda za ka samu kara mai tsabta.",
      ig: "Kụọ ụdị akpụ emezigharịrị na-eguzogide CMD; ADP gị nwere ike ịgwa gị ebe ị ga-enweta osisi dị ọcha.",
      yo: "Gbin oríṣi ẹ̀gẹ́ tí a ti mú dára tí ó ń koju CMD; ADP lè sọ ibi tí o ti lè rí igi gbìngbìn tí ó mọ́.",
    },
    {
      en: "Keep the field weeded and check the young leaves every week.",
      fr: "Gardez le champ désherbé et examinez les jeunes feuilles chaque semaine.",
      ha: "Ka riƙa cire ciyawa a gona kuma ka duba ƙananan ganyaye kowane mako.",
      ig: "Na-ehicha ahịhịa n'ugbo ma na-elele akwụkwọ ndị na-eto eto kwa izu.",
      yo: "Máa ro oko, kí o sì máa yẹ àwọn ewé ọ̀dọ́ wò ní ọ̀sẹ̀ ọ̀sẹ̀.",
    },
  ],
};

export const STREAKS: Advice = {
  diagnosis: {
    en: "The leaf shows narrow yellow streaks. On cereals this is often a virus such as maize streak, spread by leafhoppers; streaks along the veins can also come from a lack of nutrients such as magnesium or zinc.",
    fr: "La feuille présente de fines stries jaunes. Sur les céréales, c'est souvent un virus comme la striure du maïs, transmis par les cicadelles ; des stries le long des nervures peuvent aussi venir d'un manque de magnésium ou de zinc.",
    ha: "Ganyen yana da siraran zane-zane na rawaya. A hatsi, wannan kan zama ƙwayar virus kamar cutar zanen masara, wadda ƙananan ƙwari masu tsalle ke yaɗawa; zane-zane a kan jijiyoyin ganye kuma na iya zuwa daga rashin sinadarai kamar magnesium ko zinc.",
    ig: "Akwụkwọ a nwere ahịrị odo odo dị warara. N'ọka na ụdị ya, nke a na-abụkarị nje virus dị ka maize streak, nke ụmụ ahụhụ na-awụli elu (leafhopper) na-agbasa; ahịrị n'akụkụ akwara akwụkwọ nwekwara ike isi n'ụkọ magnesium ma ọ bụ zinc.",
    yo: "Ewé náà ní ìlà ofeefee tín-ínrín. Lára irúgbìn oníkóró bí àgbàdo, fáírọ́ọ̀sì bí maize streak ni ó sábà máa ń jẹ́, tí kòkòrò leafhopper ń tàn kálẹ̀; ìlà lẹ́gbẹ̀ẹ́ iṣan ewé tún lè wá láti àìtó magnesium tàbí zinc.",
  },
  treatment: {
    en: "Remove badly streaked young plants, keep grassy weeds down and plant resistant varieties on time. If only old leaves are striped, a balanced fertiliser with magnesium and zinc may help: ask your extension officer which one.",
    fr: "Arrachez les jeunes plantes très striées, limitez les graminées adventices et semez à temps des variétés résistantes. Si seules les vieilles feuilles sont striées, un engrais équilibré avec magnésium et zinc peut aider : demandez lequel à votre agent de vulgarisation.",
    ha: "Cire ƙananan shuke-shuken da zane ya yi musu yawa, rage ciyawar da ke kama da hatsi, kuma ka shuka nau'ikan da ke jure cuta a kan lokaci. Idan tsofaffin ganyaye kaɗai ke da zane, taki mai daidaito mai ɗauke da magnesium da zinc zai iya taimakawa: tambayi jami'in faɗakar da manoma wanne ne.",
    ig: "Wepụ obere osisi ahịrị jupụtara, belata ahịhịa ndị yiri ọka, ma kụọ ụdị na-eguzogide ọrịa n'oge. Ọ bụrụ na ọ bụ naanị akwụkwọ ochie nwere ahịrị, fatịlaịza kwesịrị ekwesị nwere magnesium na zinc nwere ike inye aka: jụọ onye ndụmọdụ ọrụ ugbo nke ọ bụ.",
    yo: "Fa àwọn ewéko ọ̀dọ́ tí ìlà ti pọ̀ lára wọn tu, dín èpò oníkoríko kù, kí o sì gbin oríṣi tí ó ń koju àrùn ní àkókò. Tí ó bá jẹ́ ewé àtijọ́ nìkan ló ní ìlà, ajílẹ̀ tí ó dọ́gba tí ó ní magnesium àti zinc lè ràn án lọ́wọ́: béèrè èyí tí ó yẹ lọ́wọ́ òṣìṣẹ́ ìtọ́sọ́nà àgbẹ̀.",
  },
  recommendations: [
    {
      en: "Note whether new leaves are streaked (more likely a virus) or only old ones (more likely nutrients).",
      fr: "Notez si les nouvelles feuilles sont striées (plutôt un virus) ou seulement les vieilles (plutôt la nutrition).",
      ha: "Ka lura ko sababbin ganyaye ne ke da zane (ya fi kama da virus) ko tsofaffi kaɗai (ya fi kama da rashin abinci).",
      ig: "Chọpụta ma ọ bụ akwụkwọ ọhụrụ nwere ahịrị (ọ ka yiri virus) ma ọ bụ naanị nke ochie (ọ ka yiri ụkọ nri).",
      yo: "Kíyèsí bóyá ewé tuntun ló ní ìlà (ó jọ fáírọ́ọ̀sì) tàbí ewé àtijọ́ nìkan (ó jọ àìtó oúnjẹ ilẹ̀).",
    },
    {
      en: "Clear grassy weeds around the field: they host leafhoppers.",
      fr: "Éliminez les graminées autour du champ : elles hébergent les cicadelles.",
      ha: "Share ciyawar da ke kewaye da gona: tana ɗauke da ƙwarin da ke yaɗa cutar.",
      ig: "Hichapụ ahịhịa gbara ugbo gburugburu: ha na-ebu ụmụ ahụhụ na-agbasa ọrịa.",
      yo: "Ro èpò oníkoríko tí ó yí oko ká: ibẹ̀ ni kòkòrò leafhopper ń gbé.",
    },
    {
      en: "Plant resistant varieties at the start of the rains, at the same time as your neighbours.",
      fr: "Semez des variétés résistantes au début des pluies, en même temps que vos voisins.",
      ha: "Shuka nau'ikan da ke jure cuta a farkon damina, a lokaci ɗaya da maƙwabtanka.",
      ig: "Kụọ ụdị na-eguzogide ọrịa ná mmalite udu mmiri, n'otu oge ahụ ndị agbata obi gị na-akụ.",
      yo: "Gbin oríṣi tí ó ń koju àrùn ní ìbẹ̀rẹ̀ òjò, ní àkókò kan náà pẹ̀lú àwọn aládùúgbò rẹ.",
    },
  ],
};

export const MAIZE_STREAK: Advice = {
  diagnosis: {
    en: "The maize leaf shows narrow yellow streaks along the veins, the typical sign of maize streak virus. Leafhoppers spread it; plants infected young stay stunted and yield little.",
    fr: "La feuille de maïs présente de fines stries jaunes le long des nervures, signe typique du virus de la striure du maïs. Les cicadelles le transmettent ; les plantes infectées jeunes restent chétives et produisent peu.",
    ha: "Ganyen masarar yana da siraran zane-zane na rawaya a kan jijiyoyinsa, alamar da aka saba gani ta cutar zanen masara (maize streak virus). Ƙananan ƙwari masu tsalle ne ke yaɗa ta; masarar da ta kamu tun tana ƙarama takan tsaya cak ba ta yin amfani sosai.",
    ig: "Akwụkwọ ọka a nwere ahịrị odo odo dị warara n'akụkụ akwara ya, nke bụ ihe ịrịba ama nje maize streak. Ụmụ ahụhụ na-awụli elu (leafhopper) na-agbasa ya; ọka butere ya mgbe ọ dị obere na-akwụsị ito ma na-amịpụta ntakịrị.",
    yo: "Ewé àgbàdo náà ní ìlà ofeefee tín-ínrín lẹ́gbẹ̀ẹ́ iṣan rẹ̀, àmì fáírọ́ọ̀sì maize streak. Kòkòrò leafhopper ló ń tàn án kálẹ̀; àgbàdo tí ó kó o nígbà tí ó ṣì kéré kì í dàgbà dáadáa, kì í sì í so púpọ̀.",
  },
  treatment: {
    en: "No spray cures the virus. Remove badly affected young plants, keep grassy weeds down, and next season plant streak-resistant maize early in the rains; spraying against leafhoppers is rarely worth its cost.",
    fr: "Aucun traitement ne guérit le virus. Arrachez les jeunes plants très atteints, limitez les graminées, et semez la saison prochaine un maïs résistant à la striure tôt dans la saison des pluies ; traiter contre les cicadelles vaut rarement son coût.",
    ha: "Babu maganin feshi da ke warkar da ƙwayar cutar. Cire ƙananan masarar da ta fi kamuwa, rage ciyawa, kuma a kakar gaba ka shuka masara mai jure cutar zane da farkon damina; feshin kashe ƙwarin ba kasafai yake biyan kuɗinsa ba.",
    ig: "Ọ dịghị ọgwụ a na-agba nke na-agwọ nje a. Wepụ obere ọka kacha bute ya, belata ahịhịa, ma n'oge ọzọ kụọ ọka na-eguzogide streak n'isi udu mmiri; ịgba ọgwụ megide ụmụ ahụhụ ahụ anaghị akwụ ụgwọ ya.",
    yo: "Kò sí oògùn fífín tí ó ń wo fáírọ́ọ̀sì náà sàn. Fa àgbàdo ọ̀dọ́ tí ó burú jù tu, dín èpò kù, kí o sì gbin àgbàdo tí ó ń koju streak ní ìbẹ̀rẹ̀ òjò ní ìgbà tó ń bọ̀; fífín oògùn pa leafhopper kì í sábà tó owó rẹ̀.",
  },
  recommendations: [
    {
      en: "Uproot young plants that are badly streaked and stunted.",
      fr: "Arrachez les jeunes plants très striés et chétifs.",
      ha: "Tumɓuke ƙananan masarar da zane ya cika kuma ta tsaya cak.",
      ig: "Fopụ obere ọka ahịrị jupụtara ma kwụsị ito.",
      yo: "Fa àgbàdo ọ̀dọ́ tí ìlà ti pọ̀ lára rẹ̀ tí kò sì dàgbà tu.",
    },
    {
      en: "Plant streak-resistant maize varieties early, and avoid planting late next to older maize.",
      fr: "Semez tôt des variétés de maïs résistantes à la striure et évitez les semis tardifs à côté de maïs plus âgé.",
      ha: "Shuka nau'ikan masara masu jure cutar zane da wuri, kuma ka guji shuka a makare kusa da tsohuwar masara.",
      ig: "Kụọ ụdị ọka na-eguzogide streak n'oge, ma zere ịkụ n'azụ oge n'akụkụ ọka toworo eto.",
      yo: "Gbin oríṣi àgbàdo tí ó ń koju streak ní kùtùkùtù, má sì gbìn ín pẹ́ lẹ́gbẹ̀ẹ́ àgbàdo tí ó ti dàgbà.",
    },
    {
      en: "Clear grassy weeds around the field: they host the leafhoppers.",
      fr: "Éliminez les graminées autour du champ : elles hébergent les cicadelles.",
      ha: "Share ciyawar da ke kewaye da gona: a cikinta ƙwarin ke zama.",
      ig: "Hichapụ ahịhịa gbara ugbo gburugburu: ebe ahụ ka ụmụ ahụhụ ahụ na-ebi.",
      yo: "Ro èpò oníkoríko tí ó yí oko ká: ibẹ̀ ni leafhopper ń gbé.",
    },
  ],
};

export const CASSAVA_BROWN_STREAK: Advice = {
  diagnosis: {
    en: "The leaf shows yellow streaks or blotches along the veins (feathery chlorosis), a sign of cassava brown streak disease (CBSD). Whiteflies and infected stems spread it; the real damage is a brown, corky rot inside the roots, often with brown streaks on the stems.",
    fr: "La feuille présente des stries ou des taches jaunes le long des nervures (chlorose plumeuse), signe de la striure brune du manioc (CBSD). Les aleurodes et les boutures infectées la propagent ; le vrai dégât est une pourriture brune et liégeuse dans les racines, souvent avec des stries brunes sur les tiges.",
    ha: "Ganyen yana da zane ko tabo na rawaya a gefen jijiyoyinsa (kamar gashin tsuntsu), alamar cutar zanen ruwan kasa ta rogo (CBSD). Farin ƙuda da karar rogo mai cuta ke yaɗa ta; babbar ɓarnar ita ce ruɓewar ruwan kasa mai tauri a cikin saiwar rogo, sau da yawa tare da zane-zane ruwan kasa a jikin kara.",
    ig: "Akwụkwọ a nwere ahịrị ma ọ bụ ntụpọ odo odo n'akụkụ akwara ya (dị ka nku nnụnụ), ihe ịrịba ama ọrịa brown streak nke akpụ (CBSD). Ijiji ọcha na osisi akpụ butere ọrịa na-agbasa ya; ezigbo mmebi ya bụ ire ure na-acha aja aja, nke siri ike, n'ime mkpụrụ akpụ, tinyere ahịrị aja aja n'osisi ya.",
    yo: "Ewé náà ní ìlà tàbí àbààwọ́n ofeefee lẹ́gbẹ̀ẹ́ iṣan rẹ̀ (bí ìyẹ́ ẹyẹ), àmì àrùn brown streak ẹ̀gẹ́ (CBSD). Kòkòrò funfun àti igi ẹ̀gẹ́ tí ó ní àrùn ló ń tàn án kálẹ̀; ìbàjẹ́ gidi rẹ̀ ni jíjẹrà aláwọ̀ ilẹ̀, tí ó le, nínú iṣu ẹ̀gẹ́, pẹ̀lú ìlà aláwọ̀ ilẹ̀ lára igi rẹ̀.",
  },
  treatment: {
    en: "No spray cures CBSD. Uproot and destroy affected plants, harvest the rest early if the roots are starting to rot, and replant with clean stems of tolerant varieties from a certified source.",
    fr: "Aucun traitement ne guérit la CBSD. Arrachez et détruisez les plantes atteintes, récoltez tôt les autres si les racines commencent à pourrir, et replantez avec des boutures saines de variétés tolérantes d'origine certifiée.",
    ha: "Babu maganin feshi da ke warkar da CBSD. Tumɓuke ka lalata rogon da ya kamu, ka girbe sauran da wuri idan saiwoyin sun fara ruɓewa, kuma ka sake shuka da kara mai tsabta na nau'in da ke jure cutar daga amintaccen wuri.",
    ig: "Ọ dịghị ọgwụ a na-agba nke na-agwọ CBSD. Fopụ ma bibie akpụ butere ya, gwupụta ndị fọdụrụ n'oge ma ọ bụrụ na mkpụrụ ha amalitela ire ure, ma kụọ ọzọ osisi akpụ dị ọcha nke ụdị na-eguzogide ọrịa site n'ebe a kwadoro.",
    yo: "Kò sí oògùn fífín tí ó ń wo CBSD sàn. Fa ẹ̀gẹ́ tí ó ní àrùn náà tu kí o sì pa á run, kórè àwọn yòókù ní kùtùkùtù tí iṣu wọn bá ti ń jẹrà, kí o sì tún gbin igi ẹ̀gẹ́ tí ó mọ́ láti inú oríṣi tí ó ń koju àrùn, láti ibi tí a fọwọ́ sí.",
  },
  recommendations: [
    {
      en: "Check the roots: dig up one plant and cut across the roots; brown, dry, corky patches inside point to CBSD.",
      fr: "Vérifiez les racines : arrachez une plante et coupez les racines en travers ; des plages brunes, sèches et liégeuses à l'intérieur indiquent la CBSD.",
      ha: "Duba saiwoyi: tono rogo ɗaya ka yanka saiwarsa a tsakiya; tabo ruwan kasa, busasshe, mai tauri a ciki alama ce ta CBSD.",
      ig: "Lelee mkpụrụ akpụ: gwupụta otu osisi ma gbubie mkpụrụ ya n'etiti; ntụpọ aja aja kpọrọ nkụ, siri ike n'ime ya na-egosi CBSD.",
      yo: "Yẹ iṣu rẹ̀ wò: hú ẹ̀gẹ́ kan kí o sì gé iṣu rẹ̀ ní àárín; àbààwọ́n aláwọ̀ ilẹ̀ tí ó gbẹ, tí ó le nínú rẹ̀ ń tọ́ka sí CBSD.",
    },
    {
      en: "Look for brown streaks on the green upper part of the stems.",
      fr: "Cherchez des stries brunes sur la partie verte supérieure des tiges.",
      ha: "Nemi zane-zane ruwan kasa a koren saman kara.",
      ig: "Chọọ ahịrị aja aja n'elu osisi ahụ ebe ọ ka na-acha akwụkwọ ndụ.",
      yo: "Wá ìlà aláwọ̀ ilẹ̀ lára apá òkè igi náà tí ó ṣì jẹ́ àwọ̀ ewé.",
    },
    {
      en: "Never use stems from an affected field for planting.",
      fr: "N'utilisez jamais de boutures d'un champ atteint pour planter.",
      ha: "Kada ka taɓa amfani da karar rogo daga gonar da cutar ta shiga don shuka.",
      ig: "Ejila osisi akpụ si n'ugbo ọrịa a metụtara kụọ ihe.",
      yo: "Má ṣe lo igi ẹ̀gẹ́ láti inú oko tí àrùn náà wà fún gbígbìn.",
    },
    {
      en: "Report it to your ADP: CBSD is a serious threat and they track where it appears.",
      fr: "Signalez-la à votre service de vulgarisation : la CBSD est une menace sérieuse qu'ils suivent.",
      ha: "Ka sanar da ADP: CBSD babbar barazana ce kuma suna bin diddigin inda ta bayyana.",
      ig: "Kọọrọ ADP gị: CBSD bụ nnukwu ihe egwu, ha na-esochi ebe ọ pụtara.",
      yo: "Fi tó ADP létí: CBSD jẹ́ ewu ńlá, wọ́n sì ń tọpa ibi tí ó bá ti farahàn.",
    },
  ],
};
