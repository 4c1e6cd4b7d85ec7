import type { MedicinalPlantKey } from "../names";
import type { Advice, Localized } from "./types";

// Medicinal plants (moringa, bitter leaf, neem): the photo is read for leaf
// quality at harvest and drying. Fresh green is good, yellowing lowers the
// value, spots and mould mean discard; leaves are dried in shade, not sun.

const FRESH: Advice = {
  diagnosis: {
    en: "The leaves look fresh and evenly green: good quality for harvest and drying.",
    fr: "Les feuilles semblent fraîches et d'un vert uniforme : bonne qualité pour la récolte et le séchage.",
    ha: "Ganyayen suna da sabo kuma kore ne ko'ina: suna da inganci mai kyau don girbi da busarwa.",
    ig: "Akwụkwọ ndị a dị ọhụrụ ma na-acha akwụkwọ ndụ n'ebe niile: ha dị mma maka owuwe na ịmịcha.",
    yo: "Àwọn ewé náà tutù, wọ́n sì jẹ́ àwọ̀ ewé káàkiri: wọ́n dára fún kíkórè àti sísá.",
  },
  treatment: {
    en: "Harvest in the morning after the dew has dried, wash in clean water, and dry in the shade on a clean raised rack or mat, not in direct sun: sun bleaches the leaves and destroys part of their value. Store fully dry leaves in a clean, airtight container away from light.",
    fr: "Récoltez le matin une fois la rosée sèche, lavez à l'eau propre et séchez à l'ombre sur une claie surélevée ou une natte propre, pas en plein soleil : le soleil décolore les feuilles et détruit une partie de leur valeur. Conservez les feuilles bien sèches dans un récipient propre et hermétique, à l'abri de la lumière.",
    ha: "Ka girbe da safe bayan raɓa ta bushe, ka wanke da ruwa mai tsafta, kuma ka busar a inuwa a kan tsattsarkan rumfa mai tsayi ko tabarma, ba a cikin rana ba: rana tana ɓata launin ganye kuma tana rage amfaninsa. Ka ajiye ganyen da ya bushe sosai a cikin kwantena mai tsafta da ake rufewa sosai, nesa da haske.",
    ig: "Wetuo ya n'ụtụtụ mgbe igirigi kpọchara nkụ, saa ya na mmiri dị ọcha, ma mịa ya na ndò n'elu ihe e welitere elu ma ọ bụ ute dị ọcha, ọ bụghị n'anwụ: anwụ na-eme ka akwụkwọ ahụ chapụ ma na-ebelata uru ya. Debe akwụkwọ kpọrọ nkụ nke ọma n'ime akpa dị ọcha a na-emechi nke ọma, n'ebe ìhè na-adịghị.",
    yo: "Kórè ní òwúrọ̀ lẹ́yìn tí ìrì bá ti gbẹ, fọ̀ ọ́ nínú omi mímọ́, kí o sì sá a sí ibòji lórí àtẹ gíga tàbí ẹní tí ó mọ́, kì í ṣe nínú oòrùn: oòrùn ń ba àwọ̀ ewé jẹ́, ó sì ń dín iyì rẹ̀ kù. Tọ́jú ewé tí ó ti gbẹ dáadáa sínú ohun èlò mímọ́ tí a lè dé pinpin, kúrò níbi ìmọ́lẹ̀.",
  },
  recommendations: [
    {
      en: "Pick young, healthy leaves, and leave enough on the plant for it to regrow.",
      fr: "Cueillez des feuilles jeunes et saines, et laissez-en assez sur la plante pour qu'elle repousse.",
      ha: "Ka tsinki ƙananan ganyaye masu lafiya, kuma ka bar isassu a jikin shukar don ta sake girma.",
      ig: "Tụtụọ akwụkwọ na-eto eto dị mma, ma hapụ ndị zuru ezu n'osisi ahụ ka o wee too ọzọ.",
      yo: "Ká ewé ọ̀dọ́ tí ó ní ìlera, kí o sì fi èyí tó tó sílẹ̀ lára ewéko náà kí ó lè tún hù.",
    },
    {
      en: "Dry in thin layers in an airy, shaded place and turn the leaves every day.",
      fr: "Séchez en couches fines dans un endroit aéré et ombragé, en retournant les feuilles chaque jour.",
      ha: "Ka busar da su a shimfiɗe sirara a wuri mai iska da inuwa, kuma ka riƙa juya ganyayen kowace rana.",
      ig: "Mịa ha n'ụzọ gbasaa agbasa n'ebe nwere ikuku na ndò, ma na-atụgharị akwụkwọ ahụ kwa ụbọchị.",
      yo: "Sá wọn ní títẹ́ tín-ínrín sí ibi tí atẹ́gùn wà, tí ó sì ní ibòji, kí o sì máa yí ewé padà lójoojúmọ́.",
    },
    {
      en: "Leaves are dry when they crumble; store them at once in sealed containers labelled with the plant and the date.",
      fr: "Les feuilles sont sèches quand elles s'effritent ; rangez-les aussitôt dans des récipients fermés portant le nom de la plante et la date.",
      ha: "Ganye ya bushe idan yana farfashewa; ka ajiye shi nan take a cikin kwantena a rufe, mai ɗauke da sunan shukar da kwanan wata.",
      ig: "Akwụkwọ akpọọla nkụ mgbe ọ na-etisasị; debe ha ozugbo n'ime akpa emechiri emechi nke e dere aha osisi ahụ na ụbọchị.",
      yo: "Ewé ti gbẹ nígbà tí ó bá ń rún; tọ́jú rẹ̀ lẹ́sẹ̀kẹsẹ̀ sínú ohun èlò tí a dé pinpin, tí a kọ orúkọ ewéko àti ọjọ́ sí lára.",
    },
  ],
};

const YELLOWING: Advice = {
  diagnosis: {
    en: "Part of the leaves is yellowing. Yellow leaves are usually old or stressed by drought or poor soil, and are worth less: they have lost part of their colour and strength.",
    fr: "Une partie des feuilles jaunit. Les feuilles jaunes sont en général vieilles ou stressées par la sécheresse ou un sol pauvre, et valent moins : elles ont perdu une partie de leur couleur et de leurs qualités.",
    ha: "Wani ɓangare na ganyayen yana yin rawaya. Ganye mai rawaya galibi tsoho ne ko fari ko ƙasa mara ƙarfi sun dame shi, kuma darajarsa ta ragu: ya rasa wani ɓangare na launinsa da ƙarfinsa.",
    ig: "Ụfọdụ n'ime akwụkwọ ndị a na-acha odo odo. Akwụkwọ na-acha odo odo na-abụkarị nke ochie ma ọ bụ nke ụkọ mmiri ma ọ bụ ala na-adịghị mma metụtara, uru ya na-ebelatakwa: ọ tụfuola ụfọdụ agba na ike ya.",
    yo: "Apá kan lára àwọn ewé náà ń di ofeefee. Ewé ofeefee sábà máa ń jẹ́ ewé àtijọ́ tàbí èyí tí ọ̀dá tàbí ilẹ̀ tí kò lọ́ràá ti kó ìyà bá, iyì rẹ̀ sì kéré: ó ti pàdánù apá kan àwọ̀ àti agbára rẹ̀.",
  },
  treatment: {
    en: "Sort the harvest: keep the fresh green leaves and put the yellow ones on the compost. Feed the plants with compost or manure and water them in dry weather so that the new growth is green.",
    fr: "Triez la récolte : gardez les feuilles vertes et fraîches et mettez les jaunes au compost. Nourrissez les plantes avec du compost ou du fumier et arrosez par temps sec pour que les nouvelles pousses soient vertes.",
    ha: "Ka ware girbin: ka riƙe sabbin ganyaye kore, ka zuba masu rawaya a cikin takin gargajiya. Ka ciyar da shuke-shuken da takin gargajiya ko taki, kuma ka shayar da su lokacin rani don sabon tsiro ya zama kore.",
    ig: "Hazie ihe i wetara: debe akwụkwọ ọhụrụ na-acha akwụkwọ ndụ, tinye ndị na-acha odo odo na kompost. Nye osisi ndị ahụ kompost ma ọ bụ nsị anụmanụ, ma gbanye ha mmiri n'oge ọkọchị ka ihe ọhụrụ ha na-epupụta na-acha akwụkwọ ndụ.",
    yo: "Ṣà ìkórè náà: pa ewé tútù aláwọ̀ ewé mọ́, kí o sì da àwọn ofeefee sí kọ́mpóòsì. Fún àwọn ewéko ní kọ́mpóòsì tàbí ìgbẹ́ ẹran, kí o sì bu omi fún wọn nígbà ẹ̀ẹ̀rùn kí ewé tuntun wọn lè jẹ́ àwọ̀ ewé.",
  },
  recommendations: [
    {
      en: "Sort out yellow leaves before drying.",
      fr: "Retirez les feuilles jaunes avant le séchage.",
      ha: "Ka cire ganyaye masu rawaya kafin ka busar.",
      ig: "Wepụ akwụkwọ na-acha odo odo tupu ị mịa ha.",
      yo: "Ṣa ewé ofeefee kúrò kí o tó sá wọn.",
    },
    {
      en: "Harvest the younger leaves near the tips of the branches.",
      fr: "Récoltez les feuilles plus jeunes, près de l'extrémité des branches.",
      ha: "Ka girbe ƙananan ganyaye da ke kusa da ƙarshen rassa.",
      ig: "Wetuo akwụkwọ na-eto eto dị nso n'isi alaka.",
      yo: "Kórè àwọn ewé ọ̀dọ́ tí ó wà nítòsí orí ẹ̀ka.",
    },
    {
      en: "Feed with compost and water the plants in dry spells.",
      fr: "Apportez du compost et arrosez pendant les périodes sèches.",
      ha: "Ka sa takin gargajiya kuma ka shayar da shuke-shuke lokacin fari.",
      ig: "Tinye kompost ma gbanye osisi mmiri n'oge ụkọ mmiri.",
      yo: "Fi kọ́mpóòsì sí i kí o sì bu omi fún àwọn ewéko nígbà ọ̀dá.",
    },
  ],
};

const SPOTTED: Advice = {
  diagnosis: {
    en: "Some leaves have brown or dark spots, which can be leaf disease, insect damage or mould. Spotted or mouldy leaves should not be used for remedies, food or sale.",
    fr: "Certaines feuilles portent des taches brunes ou sombres, dues à une maladie, à des insectes ou à de la moisissure. Les feuilles tachées ou moisies ne doivent servir ni aux remèdes, ni à l'alimentation, ni à la vente.",
    ha: "Wasu ganyaye suna da ɗigo ruwan kasa ko baƙi, wanda zai iya zama cutar ganye, ɓarnar ƙwari ko fumfuna. Kada a yi amfani da ganye mai ɗigo ko fumfuna don magani, abinci ko sayarwa.",
    ig: "Ụfọdụ akwụkwọ nwere ntụpọ aja aja ma ọ bụ oji, nke nwere ike ịbụ ọrịa akwụkwọ, mmebi ụmụ ahụhụ ma ọ bụ ebu. Ejila akwụkwọ nwere ntụpọ ma ọ bụ ebu mee ọgwụ, nri ma ọ bụ ree ya.",
    yo: "Àwọn ewé kan ní àbààwọ́n aláwọ̀ ilẹ̀ tàbí dúdú, tí ó lè jẹ́ àrùn ewé, ìbàjẹ́ kòkòrò tàbí kóró (mould). A kò gbọ́dọ̀ lo ewé tí ó ní àbààwọ́n tàbí kóró fún oògùn, oúnjẹ tàbí títà.",
  },
  treatment: {
    en: "Discard spotted and mouldy leaves (compost or burn them away from the drying area) and never dry them with good ones: mould spreads in storage and some moulds make poisons. Remove badly spotted leaves from the plant to slow the spread.",
    fr: "Jetez les feuilles tachées et moisies (compost ou feu, loin de l'aire de séchage) et ne les séchez jamais avec les bonnes : la moisissure gagne le stock et certaines produisent des toxines. Enlevez de la plante les feuilles très tachées pour freiner la propagation.",
    ha: "Ka zubar da ganye mai ɗigo da fumfuna (a takin gargajiya ko ka ƙone su nesa da wurin busarwa) kuma kada ka taɓa busar da su tare da masu kyau: fumfuna tana yaɗuwa a ajiya kuma wasu fumfuna suna haifar da guba. Ka cire ganyaye masu ɗigo sosai daga shukar don rage yaɗuwa.",
    ig: "Tụfuo akwụkwọ nwere ntụpọ na ebu (tinye ha na kompost ma ọ bụ kpọọ ha ọkụ n'ebe dị anya site n'ebe a na-amịa ihe) ma amịkọtala ha na ndị dị mma: ebu na-agbasa n'ebe a na-edebe ihe, ụfọdụ ebu na-emekwa nsi. Wepụ akwụkwọ ntụpọ jupụtara n'osisi ahụ iji belata mgbasa.",
    yo: "Da ewé tí ó ní àbààwọ́n àti kóró nù (sí kọ́mpóòsì tàbí sun wọ́n jìnnà sí ibi tí a ti ń sá ewé), má sì sá wọn pọ̀ mọ́ àwọn tí ó dára: kóró ń tàn kálẹ̀ nínú ìpamọ́, àwọn kóró kan sì ń ṣe májèlé. Já ewé tí àbààwọ́n pọ̀ lára rẹ̀ kúrò lára ewéko láti dín ìtànkálẹ̀ kù.",
  },
  recommendations: [
    {
      en: "Discard any leaf with spots or mould.",
      fr: "Jetez toute feuille tachée ou moisie.",
      ha: "Ka zubar da duk ganyen da ke da ɗigo ko fumfuna.",
      ig: "Tụfuo akwụkwọ ọ bụla nwere ntụpọ ma ọ bụ ebu.",
      yo: "Da gbogbo ewé tí ó ní àbààwọ́n tàbí kóró nù.",
    },
    {
      en: "Never leave wet leaves in a heap: spread them thin so they do not go mouldy.",
      fr: "Ne laissez jamais de feuilles mouillées en tas : étalez-les en couche fine pour éviter la moisissure.",
      ha: "Kada ka bar ganye mai jiƙa a tare: ka shimfiɗa shi siriri don kada ya yi fumfuna.",
      ig: "Ahapụla akwụkwọ dị mmiri ka ọ dị n'otu ebe: gbasaa ha ka ebu ghara ịbanye ha.",
      yo: "Má ṣe kó ewé tútù jọ sí ojú kan: tẹ́ ẹ kalẹ̀ tín-ínrín kí kóró má bàa mú un.",
    },
    {
      en: "Clean the drying racks and containers before the next batch.",
      fr: "Nettoyez claies et récipients avant le lot suivant.",
      ha: "Ka wanke rumfar busarwa da kwantenoni kafin na gaba.",
      ig: "Hichaa ihe a na-amịa ihe na akpa tupu nke ọzọ.",
      yo: "Fọ àtẹ ìsá-nǹkan àti àwọn ohun èlò kí o tó bẹ̀rẹ̀ òmíràn.",
    },
    {
      en: "Smell stored leaves: a musty smell means mould, so throw that batch away.",
      fr: "Sentez les feuilles stockées : une odeur de moisi signifie de la moisissure, jetez ce lot.",
      ha: "Ka shaƙa ganyen da aka ajiye: warin lema yana nufin fumfuna, don haka ka zubar da wannan kason.",
      ig: "Sie isi akwụkwọ e debere: isi ebu pụtara na ebu dị ya, tụfuo ìgwè ahụ.",
      yo: "Gbóòórùn ewé tí a tọ́jú: òórùn kóró túmọ̀ sí pé kóró ti wọ̀ ọ́, nítorí náà da ìpín yẹn nù.",
    },
  ],
};

const BROWNED: Advice = {
  diagnosis: {
    en: "Brown, dry areas run along the leaf edges, which usually means the leaves were scorched by sun or drought, or dried in direct sun. Scorched leaves have lost quality.",
    fr: "Des zones brunes et sèches bordent les feuilles : en général, elles ont été brûlées par le soleil ou la sécheresse, ou séchées en plein soleil. Les feuilles brûlées ont perdu en qualité.",
    ha: "Busassun wurare ruwan kasa suna bin gefen ganyaye, wanda galibi yana nufin rana ko fari sun ƙona ganyayen, ko an busar da su a cikin rana. Ganyen da ya ƙone ya rasa inganci.",
    ig: "Ebe kpọrọ nkụ na-acha aja aja dị n'ọnụ akwụkwọ ndị a, nke na-egosikarị na anwụ ma ọ bụ ụkọ mmiri kpọrọ ha ọkụ, ma ọ bụ na a mịara ha n'anwụ. Akwụkwọ anwụ kpọrọ ọkụ enweghịzi ezigbo uru.",
    yo: "Ibi gbígbẹ aláwọ̀ ilẹ̀ wà ní etí àwọn ewé, tí ó sábà máa ń fi hàn pé oòrùn tàbí ọ̀dá ti jó wọn, tàbí pé a sá wọn sínú oòrùn. Ewé tí ó ti jóná ti pàdánù iyì rẹ̀.",
  },
  treatment: {
    en: "Sort out the browned leaves. Water and mulch the plants in dry weather, and dry harvested leaves in the shade, never in the sun.",
    fr: "Retirez les feuilles brunies. Arrosez et paillez les plantes par temps sec, et séchez les feuilles récoltées à l'ombre, jamais au soleil.",
    ha: "Ka ware ganyayen da suka yi ruwan kasa. Ka shayar ka rufe ƙasa da ciyawa lokacin rani, kuma ka busar da ganyen da ka girbe a inuwa, ba a rana ba.",
    ig: "Wepụ akwụkwọ na-acha aja aja. Gbanye osisi mmiri ma kpuchie ala ahịhịa n'oge ọkọchị, ma mịa akwụkwọ i wetara na ndò, ọ bụghị n'anwụ.",
    yo: "Ṣa ewé tí ó ti di àwọ̀ ilẹ̀ kúrò. Bu omi fún ewéko kí o sì fi koríko bo ilẹ̀ nígbà ẹ̀ẹ̀rùn, kí o sì sá ewé tí o kórè sí ibòji, kì í ṣe sínú oòrùn.",
  },
  recommendations: [
    {
      en: "Dry leaves in the shade, never in direct sun.",
      fr: "Séchez les feuilles à l'ombre, jamais en plein soleil.",
      ha: "Ka busar da ganye a inuwa, ba a cikin rana ba.",
      ig: "Mịa akwụkwọ na ndò, ọ bụghị n'anwụ.",
      yo: "Sá ewé sí ibòji, má ṣe sá a sínú oòrùn.",
    },
    {
      en: "Water and mulch the plants in dry spells.",
      fr: "Arrosez et paillez les plantes pendant les périodes sèches.",
      ha: "Ka shayar da shuke-shuke kuma ka rufe ƙasarsu da ciyawa lokacin fari.",
      ig: "Gbanye osisi mmiri ma kpuchie ala ha ahịhịa n'oge ụkọ mmiri.",
      yo: "Bu omi fún àwọn ewéko kí o sì fi koríko bo ilẹ̀ wọn nígbà ọ̀dá.",
    },
    {
      en: "Keep only evenly green leaves for sale.",
      fr: "Ne gardez pour la vente que les feuilles d'un vert uniforme.",
      ha: "Ka riƙe ganyaye kore ko'ina kawai don sayarwa.",
      ig: "Debe naanị akwụkwọ na-acha akwụkwọ ndụ n'ebe niile maka ire ere.",
      yo: "Ewé tí ó jẹ́ àwọ̀ ewé káàkiri nìkan ni kí o tọ́jú fún títà.",
    },
  ],
};

/** The leaf qualities the medicinal-plant screening can name. */
export const MEDICINAL_ADVICE = {
  fresh: FRESH,
  yellowing: YELLOWING,
  spotted: SPOTTED,
  browned: BROWNED,
} as const satisfies Record<string, Advice>;

export type MedicinalCondition = keyof typeof MEDICINAL_ADVICE;

/** A note on handling each known plant, added to the treatment, and one recommendation. */
export const SPECIES_NOTES: Record<MedicinalPlantKey, { treatment: Localized; recommendation: Localized }> = {
  moringa: {
    treatment: {
      en: "Moringa: strip the small leaflets from the stalks before drying; dried moringa is best when it stays green. Grind only well-dried leaves and keep the powder airtight, away from light.",
      fr: "Moringa : détachez les folioles des tiges avant de sécher ; le moringa séché est meilleur quand il reste vert. Ne broyez que des feuilles bien sèches et gardez la poudre à l'abri de l'air et de la lumière.",
      ha: "Zogale: ka zare ƙananan ganyayen daga tsinken kafin ka busar; busasshen zogale ya fi kyau idan ya kasance kore. Ka niƙa ganye da ya bushe sosai kawai, kuma ka ajiye garin a rufe sosai, nesa da haske.",
      ig: "Okwe oyibo (moringa): gbupụ obere akwụkwọ ya n'osisi ha tupu ị mịa ha; moringa a mịara kacha mma mgbe ọ ka na-acha akwụkwọ ndụ. Gwerie naanị akwụkwọ kpọrọ nkụ nke ọma, debe ntụ ya n'ebe emechiri emechi, n'ebe ìhè na-adịghị.",
      yo: "Ewé ìgbálẹ̀ (moringa): ya àwọn ewé kéékèèké kúrò lára igi wọn kí o tó sá wọn; moringa gbígbẹ dára jù nígbà tí ó bá ṣì jẹ́ àwọ̀ ewé. Lọ ewé tí ó ti gbẹ dáadáa nìkan, kí o sì tọ́jú ìyẹ̀fun rẹ̀ sínú ohun èlò tí a dé pinpin, kúrò níbi ìmọ́lẹ̀.",
    },
    recommendation: {
      en: "Moringa regrows fast: cut the branches back regularly for a steady supply of young leaves.",
      fr: "Le moringa repousse vite : rabattez régulièrement les branches pour avoir toujours de jeunes feuilles.",
      ha: "Zogale yana saurin sake girma: ka riƙa yanke rassansa akai-akai don samun ƙananan ganyaye koyaushe.",
      ig: "Moringa na-eto ngwa ngwa: na-egbutu alaka ya mgbe niile ka ị na-enweta akwụkwọ ọhụrụ.",
      yo: "Moringa máa ń tètè hù padà: máa gé ẹ̀ka rẹ̀ déédéé kí o lè máa rí ewé ọ̀dọ́ nígbà gbogbo.",
    },
  },
  bitter_leaf: {
    treatment: {
      en: "Bitter leaf: wash the leaves and dry them in the shade; older, tougher leaves are more bitter. Keep dried leaves airtight so they do not take up damp.",
      fr: "Vernonia (feuille amère) : lavez les feuilles et séchez-les à l'ombre ; les feuilles plus vieilles et dures sont plus amères. Gardez les feuilles sèches à l'abri de l'air pour qu'elles ne reprennent pas l'humidité.",
      ha: "Shuwaka: ka wanke ganyayen ka busar a inuwa; tsofaffin ganyaye masu tauri sun fi ɗaci. Ka ajiye busassun ganyaye a rufe sosai don kada su sha danshi.",
      ig: "Onugbu: saa akwụkwọ ya ma mịa ha na ndò; akwụkwọ ochie siri ike na-akarị ilu. Debe akwụkwọ a mịara n'ebe emechiri emechi ka mmiri ghara ịbanye ha.",
      yo: "Ewúro: fọ ewé rẹ̀ kí o sì sá a sí ibòji; ewé àtijọ́ tí ó le korò jù. Tọ́jú ewé gbígbẹ sínú ohun èlò tí a dé pinpin kí ọ̀rinrin má bàa wọ̀ ọ́.",
    },
    recommendation: {
      en: "Plant new bitter leaf from stem cuttings of healthy plants only.",
      fr: "Multipliez le vernonia uniquement par boutures de plantes saines.",
      ha: "Ka shuka sabuwar shuwaka daga yankan karan shuka mai lafiya kawai.",
      ig: "Kụọ onugbu ọhụrụ site n'osisi e bepụtara n'onugbu dị mma naanị.",
      yo: "Gbin ewúro tuntun láti ara igi tí a gé lára ewúro tí ara rẹ̀ le nìkan.",
    },
  },
  neem: {
    treatment: {
      en: "Neem: dry the leaves in the shade and store them dry. Neem preparations are strong: use them only as advised, and keep them away from children and pregnant women.",
      fr: "Neem : séchez les feuilles à l'ombre et conservez-les au sec. Les préparations de neem sont puissantes : utilisez-les seulement sur conseil, loin des enfants et des femmes enceintes.",
      ha: "Dogonyaro: ka busar da ganyen a inuwa kuma ka ajiye shi a bushe. Haɗin dogonyaro yana da ƙarfi: ka yi amfani da shi yadda aka ba da shawara kawai, kuma ka nisantar da shi daga yara da mata masu ciki.",
      ig: "Dogonyaro (neem): mịa akwụkwọ ya na ndò ma debe ya ebe kpọrọ nkụ. Ọgwụ e ji neem mee siri ike: jiri ya naanị dị ka a dụrụ gị ọdụ, debe ya n'ebe ụmụaka na ndị inyom dị ime na-anọghị.",
      yo: "Dongoyaro (neem): sá ewé rẹ̀ sí ibòji kí o sì tọ́jú rẹ̀ sí ibi gbígbẹ. Àgbo dongoyaro lágbára: lò ó bí a ṣe gbà ọ́ nímọ̀ràn nìkan, kí o sì pa á mọ́ kúrò lọ́dọ̀ àwọn ọmọdé àti àwọn aboyún.",
    },
    recommendation: {
      en: "Do not take neem by mouth, or give it to children, without advice from a health worker.",
      fr: "Ne prenez pas de neem par la bouche et n'en donnez pas aux enfants sans l'avis d'un agent de santé.",
      ha: "Kada ka sha dogonyaro ko ka ba yara ba tare da shawarar ma'aikacin lafiya ba.",
      ig: "Aṅụla neem ma ọ bụ nye ụmụaka ya n'enweghị ndụmọdụ onye ọrụ ahụike.",
      yo: "Má ṣe mu dongoyaro tàbí fún àwọn ọmọdé láìgba ìmọ̀ràn lọ́wọ́ òṣìṣẹ́ ìlera.",
    },
  },
};
