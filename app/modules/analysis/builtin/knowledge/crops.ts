import { FALL_ARMYWORM, LEAF_SPOT, SCORCH, YAM_ANTHRACNOSE } from "./crop-lesions";
import { CASSAVA_BROWN_STREAK, CASSAVA_MOSAIC, MAIZE_STREAK, MOSAIC, STREAKS } from "./crop-viruses";
import type { Advice } from "./types";

// What the crop screening can say: a healthy leaf, even yellowing (nutrients),
// and the conditions in crop-viruses.ts and crop-lesions.ts, gathered in one table.

const HEALTHY: Advice = {
  diagnosis: {
    en: "The leaf looks healthy: evenly green, with no clear yellowing, spots or dead areas.",
    fr: "La feuille semble saine : verte de façon uniforme, sans jaunissement, taches ni zones mortes nettes.",
    ha: "Ganyen yana da alamar lafiya: kore ne ko'ina, babu rawaya, ko ɗigo, ko wuraren da suka mutu a fili.",
    ig: "Akwụkwọ a yiri nke dị mma: ọ na-acha akwụkwọ ndụ n'ebe niile, enweghị odo odo, ntụpọ ma ọ bụ ebe nwụrụ anwụ a na-ahụ anya.",
    yo: "Ewé náà dà bí ẹni pé ó ní ìlera: àwọ̀ ewé ni ó jẹ́ káàkiri, kò sí ofeefee, àbààwọ́n tàbí ibi tí ó ti kú tí ó hàn gbangba.",
  },
  treatment: {
    en: "No treatment is needed. Keep up good practice: weed on time, feed the soil with manure, compost or fertiliser as recommended, and keep checking the field every week.",
    fr: "Aucun traitement n'est nécessaire. Gardez les bonnes pratiques : désherbez à temps, nourrissez le sol avec du fumier, du compost ou de l'engrais comme conseillé, et continuez d'inspecter le champ chaque semaine.",
    ha: "Ba a buƙatar magani. Ci gaba da kyakkyawan aiki: cire ciyawa a kan lokaci, ciyar da ƙasa da taki, takin gargajiya ko takin zamani yadda aka ba da shawara, kuma ka riƙa duba gona kowane mako.",
    ig: "Ọ dịghị ọgwụgwọ achọrọ. Gaa n'ihu n'omume ọma: hichaa ahịhịa n'oge, nye ala nri site na nsị anụmanụ, kompost ma ọ bụ fatịlaịza dị ka a tụrụ aro, ma na-elele ugbo kwa izu.",
    yo: "Kò sí ìtọ́jú tí a nílò. Máa bá iṣẹ́ rere lọ: ro oko ní àkókò, fún ilẹ̀ ní ìgbẹ́ ẹran, kọ́mpóòsì tàbí ajílẹ̀ bí a ṣe gbà ọ́ nímọ̀ràn, kí o sì máa yẹ oko wò ní ọ̀sẹ̀ ọ̀sẹ̀.",
  },
  recommendations: [
    {
      en: "Walk the field every week and look under the leaves and at the young shoots.",
      fr: "Parcourez le champ chaque semaine et regardez sous les feuilles et les jeunes pousses.",
      ha: "Zagaya gona kowane mako ka duba ƙarƙashin ganyaye da sababbin tsiro.",
      ig: "Na-agagharị n'ugbo kwa izu, lelee n'okpuru akwụkwọ na mkpụrụ ọhụrụ na-epupụta.",
      yo: "Máa rìn yí oko ká ní ọ̀sẹ̀ ọ̀sẹ̀, kí o wo abẹ́ ewé àti àwọn ọ̀mùnú tuntun.",
    },
    {
      en: "Remove weeds: they shelter pests and diseases and take the crop's food.",
      fr: "Enlevez les mauvaises herbes : elles abritent ravageurs et maladies et prennent la nourriture de la culture.",
      ha: "Cire ciyawa: tana ɓoye ƙwari da cututtuka kuma tana cinye abincin amfanin gona.",
      ig: "Hichapụ ahịhịa: ha na-echebe ụmụ ahụhụ na ọrịa ma na-eri nri ihe ọkụkụ.",
      yo: "Ro èpò kúrò: ó ń fi kòkòrò àti àrùn pamọ́, ó sì ń jẹ oúnjẹ irúgbìn.",
    },
    {
      en: "Use clean, disease-free seed and planting material next season.",
      fr: "Utilisez des semences et du matériel de plantation sains la saison prochaine.",
      ha: "Yi amfani da iri da kayan shuka masu tsabta marasa cuta a kakar gaba.",
      ig: "Jiri mkpụrụ na ihe ọkụkụ dị ọcha na-enweghị ọrịa n'oge ọzọ.",
      yo: "Lo irúgbìn àti ohun ọ̀gbìn tí ó mọ́, tí kò ní àrùn ní ìgbà tó ń bọ̀.",
    },
  ],
};

const NITROGEN: Advice = {
  diagnosis: {
    en: "The leaf is yellowing evenly rather than in spots or a mosaic. Even yellowing that starts on the older, lower leaves most often means the plant lacks nitrogen; waterlogging, drought or old age can look the same.",
    fr: "La feuille jaunit de façon uniforme, sans taches ni mosaïque. Un jaunissement uniforme qui commence par les feuilles basses et âgées signifie le plus souvent un manque d'azote ; l'excès d'eau, la sécheresse ou le vieillissement peuvent donner le même aspect.",
    ha: "Ganyen yana yin rawaya daidai-wa-daida, ba ɗigo ko tabo-tabo ba. Rawaya mai daidaito da ke farawa daga tsofaffin ganyaye na ƙasa galibi yana nufin shukar ba ta samun isasshen nitrogen; ruwa mai yawa a ƙasa, fari ko tsufa ma kan kawo haka.",
    ig: "Akwụkwọ a na-acha odo odo n'otu n'otu, ọ bụghị ntụpọ ma ọ bụ mosaic. Odo odo n'otu n'otu nke na-amalite n'akwụkwọ ochie ndị dị n'ala na-egosikarị na osisi ahụ enweghị nitrogen zuru ezu; mmiri jupụtara n'ala, ụkọ mmiri ma ọ bụ ịka nka nwekwara ike iyi otú a.",
    yo: "Ewé náà ń di ofeefee bákan náà káàkiri, kì í ṣe àbààwọ́n tàbí mosaic. Ofeefee tí ó dọ́gba tí ó bẹ̀rẹ̀ láti ara ewé àtijọ́ nísàlẹ̀ sábà máa ń fi hàn pé ewéko náà kò rí nitrogen tó; omi tí ó pọ̀ jù nínú ilẹ̀, ọ̀dá tàbí ogbó lè fa irú rẹ̀ pẹ̀lú.",
  },
  treatment: {
    en: "If the older leaves yellow first, feed nitrogen: well-rotted manure or compost, or a nitrogen fertiliser such as urea or NPK at the rate your extension officer recommends, placed in a ring away from the stem on moist soil. Improve drainage where the ground stays waterlogged.",
    fr: "Si les vieilles feuilles jaunissent d'abord, apportez de l'azote : fumier bien décomposé ou compost, ou un engrais azoté comme l'urée ou un NPK à la dose conseillée par votre agent de vulgarisation, en couronne à distance de la tige, sur sol humide. Drainez là où le sol reste gorgé d'eau.",
    ha: "Idan tsofaffin ganyaye ne suka fara rawaya, ka ba da nitrogen: taki mai ruɓewa sosai ko takin gargajiya, ko takin zamani na nitrogen kamar yuriya ko NPK gwargwadon yadda jami'in faɗakar da manoma ya ba da shawara, a zagaye nesa da kara a kan ƙasa mai danshi. Ka gyara hanyar ruwa inda ruwa ke tsayawa a ƙasa.",
    ig: "Ọ bụrụ na akwụkwọ ochie bu ụzọ na-acha odo odo, nye nitrogen: nsị anụmanụ rere ure nke ọma ma ọ bụ kompost, ma ọ bụ fatịlaịza nitrogen dị ka urea ma ọ bụ NPK n'ọnụọgụ onye ndụmọdụ ọrụ ugbo tụrụ aro, tinye ya gburugburu n'ebe dị anya site n'osisi mgbe ala dị mmiri mmiri. Mee ka mmiri na-apụ ebe ala na-anọgide na-ejupụta mmiri.",
    yo: "Tí ewé àtijọ́ bá kọ́kọ́ di ofeefee, fún un ní nitrogen: ìgbẹ́ ẹran tí ó ti jẹrà dáadáa tàbí kọ́mpóòsì, tàbí ajílẹ̀ nitrogen bí urea tàbí NPK ní ìwọ̀n tí òṣìṣẹ́ ìtọ́sọ́nà àgbẹ̀ bá dábàá, tí a fi yí i ká ní ọ̀nà jíjìn sí igi ewéko, lórí ilẹ̀ tí ó tutù. Ṣe ọ̀nà fún omi níbi tí omi ti máa ń dúró sí ilẹ̀.",
  },
  recommendations: [
    {
      en: "Check where the yellowing starts: old lower leaves point to nitrogen; young top leaves to sulphur, iron or a disease.",
      fr: "Regardez où commence le jaunissement : les vieilles feuilles basses indiquent l'azote ; les jeunes feuilles du haut, le soufre, le fer ou une maladie.",
      ha: "Duba inda rawayar ke farawa: tsofaffin ganyaye na ƙasa suna nuna nitrogen; ƙananan ganyaye na sama suna nuna sulphur, iron ko cuta.",
      ig: "Lelee ebe odo odo ahụ na-amalite: akwụkwọ ochie dị n'ala na-egosi nitrogen; akwụkwọ ọhụrụ dị n'elu na-egosi sulphur, iron ma ọ bụ ọrịa.",
      yo: "Wo ibi tí ofeefee náà ti bẹ̀rẹ̀: ewé àtijọ́ nísàlẹ̀ ń tọ́ka sí nitrogen; ewé ọ̀dọ́ lókè ń tọ́ka sí sulphur, iron tàbí àrùn.",
    },
    {
      en: "Apply fertiliser on moist soil and cover it with soil so it is not lost.",
      fr: "Apportez l'engrais sur sol humide et recouvrez-le de terre pour ne pas le perdre.",
      ha: "Sa taki a kan ƙasa mai danshi kuma ka rufe shi da ƙasa don kada ya salwanta.",
      ig: "Tinye fatịlaịza mgbe ala dị mmiri mmiri ma kpuchie ya n'ala ka ọ ghara ifu efu.",
      yo: "Fi ajílẹ̀ sí ilẹ̀ tí ó tutù kí o sì fi erùpẹ̀ bò ó kí ó má bàa ṣòfò.",
    },
    {
      en: "Grow legumes such as cowpea, soybean or groundnut in rotation: they add nitrogen to the soil.",
      fr: "Cultivez en rotation des légumineuses comme le niébé, le soja ou l'arachide : elles enrichissent le sol en azote.",
      ha: "Shuka wake, waken suya ko gyaɗa a jujjuyawar amfanin gona: suna ƙara nitrogen a ƙasa.",
      ig: "Kụọ agwa, soya ma ọ bụ ahụekere n'ịgbanwe ihe ọkụkụ: ha na-eme ka nitrogen dị n'ala.",
      yo: "Gbin ẹ̀wà, sóyà tàbí ẹ̀pà ní yíyípadà irúgbìn: wọ́n ń fi nitrogen kún ilẹ̀.",
    },
    {
      en: "Keep weeds down: they compete with the crop for nutrients.",
      fr: "Limitez les mauvaises herbes : elles concurrencent la culture pour les nutriments.",
      ha: "Rage ciyawa: tana gogayya da amfanin gona wajen cin abinci a ƙasa.",
      ig: "Belata ahịhịa: ha na-asọ mpi na ihe ọkụkụ maka nri ala.",
      yo: "Dín èpò kù: ó ń bá irúgbìn du oúnjẹ inú ilẹ̀.",
    },
  ],
};

/** The crop conditions the screening can name. */
export const CROP_ADVICE = {
  healthy: HEALTHY,
  nitrogen: NITROGEN,
  mosaic: MOSAIC,
  cassava_mosaic: CASSAVA_MOSAIC,
  streaks: STREAKS,
  maize_streak: MAIZE_STREAK,
  cassava_brown_streak: CASSAVA_BROWN_STREAK,
  leaf_spot: LEAF_SPOT,
  yam_anthracnose: YAM_ANTHRACNOSE,
  scorch: SCORCH,
} as const satisfies Record<string, Advice>;

export type CropCondition = keyof typeof CROP_ADVICE;

export { FALL_ARMYWORM };
